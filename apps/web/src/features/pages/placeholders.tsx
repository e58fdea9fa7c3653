/**
 * Pages whose issues have not landed yet show their heading only (foundation issue, item 5).
 * Each is replaced by its feature's real page.
 */
function Heading({ title }: { title: string }) {
  return <h1 className="py-10 text-3xl font-black tracking-tight">{title}</h1>;
}

export const HomePage = () => <Heading title="Courtside" />;
export const SizesPage = () => <Heading title="Size Guide" />;
export const ProductPage = () => <Heading title="Product" />;
export const CategoryPage = () => <Heading title="Category" />;
export const CartPage = () => <Heading title="Cart" />;

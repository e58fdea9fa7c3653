/**
 * Pages whose issues have not landed yet show their heading only (foundation issue, item 5).
 * Each is replaced by its feature's real page.
 */
function Heading({ title }: { title: string }) {
  return <h1 className="py-10 text-3xl font-black tracking-tight">{title}</h1>;
}

export const CheckoutPage = () => <Heading title="Checkout" />;
export const ThanksPage = () => <Heading title="Thank you for shopping" />;
export const MyAccountPage = () => <Heading title="My Account" />;
export const MyOrdersPage = () => <Heading title="My Orders" />;
export const WishlistPage = () => <Heading title="Wishlist" />;

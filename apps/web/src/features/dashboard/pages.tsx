/** Dashboard pages: headings until the dashboard issue lands. */
const Heading = ({ title }: { title: string }) => <h1 className="text-2xl font-black">{title}</h1>;

export const DashboardProducts = () => <Heading title="All Products" />;
export const DashboardProductForm = () => <Heading title="Product" />;
export const DashboardOrders = () => <Heading title="All Orders" />;
export const DashboardOrder = () => <Heading title="Order Details" />;
export const DashboardOverview = () => <Heading title="Overview" />;

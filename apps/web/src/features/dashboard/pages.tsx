/** The dashboard's screens (docs/shop.md §2, Dashboard area); routes.tsx loads each lazily. */
export { OrderPage as DashboardOrder } from './OrderPage';
export { OrdersPage as DashboardOrders } from './OrdersPage';
export { OverviewPage as DashboardOverview } from './OverviewPage';
export { ProductFormPage as DashboardProductForm } from './ProductFormPage';
export { ProductsPage as DashboardProducts } from './ProductsPage';

/** Every path of docs/shop.md §2, written once. */
export const paths = {
  home: '/',
  sizes: '/sizes',
  product: (id: string) => `/product/${id}`,
  category: (slug: string) => `/category/${slug}`,
  cart: '/cart',
  checkout: '/checkout',
  thanks: '/thanks-for-shopping',
  login: '/login',
  signup: '/signup',
  /** "Forgot password?" and the page the recovery e-mail links to. */
  resetPassword: '/reset-password',
  myAccount: '/account/my-account',
  myOrders: '/account/my-orders',
  wishlist: '/account/wishlist',
  verifyEmail: '/account/verify-email',
  dashboard: {
    products: '/dashboard/products',
    addProduct: '/dashboard/addproducts',
    editProduct: (id: string) => `/dashboard/editproduct/${id}`,
    orders: '/dashboard/orders',
    order: (id: string) => `/dashboard/orders/${id}`,
    overview: '/dashboard/overview',
  },
} as const;

import type { InfoPageSlug } from '@courtside/shop';

/** Every path of docs/shop.md §2, written once. */
export const paths = {
  home: '/',
  sizes: '/sizes',
  /** The shop's own pages, whose text the owner edits (each one is `/<slug>`: infoPagePath). */
  privacy: '/privacy',
  terms: '/terms',
  faq: '/faq',
  contact: '/contact',
  sizeExchange: '/size-exchange',
  product: (id: string) => `/product/${id}`,
  category: (slug: string) => `/category/${slug}`,
  /** Every pair in the shop. */
  shop: '/shop',
  /** Every pair of a brand, all its lines. */
  brand: (slug: string) => `/brand/${slug}`,
  /** The header search's results page; `searchFor` adds the words. */
  search: '/search',
  searchFor: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  cart: '/cart',
  checkout: '/checkout',
  thanks: '/thanks-for-shopping',
  /** An order's way by its number and mobile number, no account needed. */
  track: '/track',
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
    pages: '/dashboard/pages',
    editPage: (slug: string) => `/dashboard/pages/${slug}`,
    print: '/dashboard/print',
    subscribers: '/dashboard/subscribers',
    customers: '/dashboard/customers',
    /** A customer's orders and the owner's notes on them, by their number (+923XXXXXXXXX). */
    customer: (phone: string) => `/dashboard/customers/${encodeURIComponent(phone)}`,
    codes: '/dashboard/codes',
  },
} as const;

/** The path of one of the shop's own pages: `/faq`. */
export const infoPagePath = (slug: InfoPageSlug): string => `/${slug}`;

/**
 * Where to go back to after logging in or signing up (`?next=`): a path of this site only.
 * Anything else (another origin, `//host`, a backslash trick, a non-path) is ignored.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  try {
    const base = 'http://courtside.invalid';
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** A page path carrying where to go back to afterwards, when there is somewhere. */
export const withNext = (path: string, next: string | null): string =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path;

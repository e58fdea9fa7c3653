/** Business constants of docs/shop.md §9 and the decisions that refine them. */
export const HOME_BANNER_SLIDES = 5;
export const HOME_BANNER_INTERVAL_MS = 4000;
export const CAROUSEL_LIMIT = 10;
export const DASHBOARD_PRODUCT_GRID = 12;
export const DASHBOARD_ORDERS_PAGE = 20;
/** "Only N left" shows at or below this many units (D16). */
export const LOW_STOCK_THRESHOLD = 3;
/** The largest values the product attributes store (apps/server/src/shop/appwrite.json). */
export const PRODUCT_LIMITS = { size: 100, price: 100_000_000, stock: 100_000 } as const;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_DRAG_PERCENT = 0.8;
/** The countdown exists and is configured off (D15). */
export const COUNTDOWN = { deadline: '2024-08-31T23:59:59', active: false } as const;
/** Browser storage keys of the cart and the wishlist (docs/shop.md §3). */
export const CART_STORAGE_KEY = 'cart';
export const WISHLIST_STORAGE_KEY = 'favourites';
/** Image types the product form accepts (docs/shop.md §5). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

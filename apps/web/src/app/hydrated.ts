/**
 * Sent on `document` once the app has hydrated a server-rendered page and restored the visitor's
 * cart and wishlist: the page's inline loader (build-plugins.ts) then taps again the buttons that
 * were tapped before the app could answer them.
 */
export const HYDRATED_EVENT = 'courtside:hydrated';

import { DEFAULT_CONTENT, type ShopContent } from '@courtside/shop';
import { createContext, useContext } from 'react';

/**
 * The storefront's content as the owner last saved it (the banner's slides, the promo, the logo
 * and size chart), for every component: the app's root provides it
 * (entities/shop/content-api.tsx); outside it, the content a new shop starts with.
 */
export const ShopContentContext = createContext<ShopContent>(DEFAULT_CONTENT);

export const useShopContent = (): ShopContent => useContext(ShopContentContext);

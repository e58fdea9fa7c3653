import { DEFAULT_FACTS, type ShopFacts } from '@courtside/shop';
import { createContext, useContext } from 'react';

/**
 * The shop's facts as the owner last saved them (its name, numbers, links, accounts), for every
 * component: the app's root provides them (entities/shop/facts-api.tsx); outside it, the
 * defaults a new shop starts with.
 */
export const ShopFactsContext = createContext<ShopFacts>(DEFAULT_FACTS);

export const useShopFacts = (): ShopFacts => useContext(ShopFactsContext);

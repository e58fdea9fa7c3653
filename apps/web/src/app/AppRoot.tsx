import { StrictMode, useLayoutEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toasts } from '../components/ui/toasts';
import { ShopContentProvider } from '../entities/shop/content-api';
import { ShopFactsProvider } from '../entities/shop/facts-api';
import type { AppStore, RootState } from './store';

/**
 * What wraps the router, in the browser and on the server alike (hydration needs both equal).
 * `serverState`: the store's state as the server rendered the page; parts of the page hydrated
 * later (islands) read it while they hydrate, whatever the store holds by then (the visitor's
 * cart), and then update. `onFirstCommit`: called once the first render (or hydration pass) is
 * on the page (ends Island's first pass; it adds nothing to the tree, so ids stay equal).
 */
export function AppRoot({
  store,
  serverState,
  onFirstCommit,
  children,
}: {
  store: AppStore;
  serverState?: RootState;
  onFirstCommit?: () => void;
  children: ReactNode;
}) {
  const [first] = useState(() => onFirstCommit);
  useLayoutEffect(() => first?.(), [first]);
  return (
    <StrictMode>
      <Provider store={store} {...(serverState ? { serverState } : {})}>
        <ShopFactsProvider>
          <ShopContentProvider>{children}</ShopContentProvider>
        </ShopFactsProvider>
        <Toasts />
      </Provider>
    </StrictMode>
  );
}

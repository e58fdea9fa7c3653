import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toasts } from '../components/ui/toasts';
import type { AppStore } from './store';

/** What wraps the router, in the browser and on the server alike (hydration needs both equal). */
export function AppRoot({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        {children}
        <Toasts />
      </Provider>
    </StrictMode>
  );
}

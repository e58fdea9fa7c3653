import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { apiHydrated } from './app/api';
import { AppRoot } from './app/AppRoot';
import { prefetchFirstPage } from './app/first-page';
import { HYDRATED_EVENT } from './app/hydrated';
import { AppRoutes } from './app/router';
import { makeStore, restoreBrowserState } from './app/store';
import './styles.css';
// The toasts' styles come with the page's own (inline, issue 7): the container loads later, and a
// stylesheet arriving then would make the browser restyle the whole page at once.
import 'react-toastify/dist/ReactToastify.css';
import './components/ui/toasts.css';

/** The server data a server-rendered page came with (entry-server.tsx), if it did. */
function renderedState(): unknown {
  const script = document.getElementById('shop-state');
  if (!script?.textContent) return undefined;
  try {
    return JSON.parse(script.textContent) as unknown;
  } catch {
    return undefined;
  }
}

// Start-up in tasks of its own (issue 7), so a phone's main thread is never blocked for all of
// it at once: the store and the landing page's calls (on their way before anything renders),
// then the first render - or, on a page the server rendered, the hydration, and only then the
// cart and wishlist kept in the browser (the server knew neither).
const later = (step: () => void) => setTimeout(step, 0);
later(() => {
  const state = renderedState();
  const store = makeStore({ asRenderedOnServer: state !== undefined });
  if (state !== undefined) store.dispatch(apiHydrated(state));
  else prefetchFirstPage(store, window.location.pathname);
  later(() => {
    const root = document.getElementById('root')!;
    const app = (
      <AppRoot store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppRoot>
    );
    if (state === undefined) return createRoot(root).render(app);
    hydrateRoot(root, app);
    later(() => {
      restoreBrowserState(store);
      // Early taps are replayed on top of the restored cart, once the page answers them.
      later(() => document.dispatchEvent(new Event(HYDRATED_EVENT)));
    });
  });
});

import { HYDRATED_EVENT, SHOP_STATE_ID } from '@courtside/shop/web-page';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setHydratingServerPage } from '../components/ui/Island';
import { startSessionLookup } from '../entities/session/auth-service';
import { apiHydrated } from '../lib/api';
import { pageJson } from '../lib/page-json';
import { seedShopContent } from '../entities/shop/content-api';
import { seedShopFacts } from '../entities/shop/facts-api';
import { AppRoot } from './AppRoot';
import { prefetchFirstPage } from './first-page';
import { AppRoutes, preloadPagesOf } from './router';
import { makeStore, restoreBrowserState } from './store';

/** The server data a server-rendered page came with (entry-server.tsx), if it did. */
const renderedState = (doc: Document): unknown => pageJson(doc, SHOP_STATE_ID);

const later = (step: () => void) => setTimeout(step, 0);

/**
 * Starts the app in `doc`, in tasks of its own so a phone's main thread is never blocked for all
 * of it at once: the session lookup (SessionLookup takes its answer), the store and the landing page's calls (on their way before anything renders),
 * then the first render - or, on a page the server rendered, the hydration of its frame (its
 * islands follow in short slices, see components/ui/Island.tsx) once the page's code is in,
 * and only then the cart and wishlist kept in the browser (the server knew neither), and
 * HYDRATED_EVENT for the loader.
 */
export function bootShop(doc: Document = document): void {
  // Who is signed in: asked for first, its answer on the way while the page renders; in a task
  // of its own, after the one that ran the app's code (a phone's longest).
  later(startSessionLookup);
  later(() => {
    const state = renderedState(doc);
    const store = makeStore({ asRenderedOnServer: state !== undefined });
    if (state !== undefined) store.dispatch(apiHydrated(state));
    else {
      seedShopFacts(store.dispatch, doc);
      seedShopContent(store.dispatch, doc);
    }
    if (state === undefined)
      void prefetchFirstPage(store, doc.location.pathname, false, doc.location.search);
    const serverState = state === undefined ? undefined : store.getState();
    later(() => {
      const root = doc.getElementById('root')!;
      const app = (
        <AppRoot
          store={store}
          serverState={serverState}
          onFirstCommit={() => setHydratingServerPage(false)}
        >
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppRoot>
      );
      // As a transition: the shell's first render (a page the server did not render) is done in
      // slices too, rather than in one task as a default update would be.
      if (state === undefined) return startTransition(() => createRoot(root).render(app));
      const hydrate = () => {
        setHydratingServerPage(true);
        // As a transition, the frame's hydration is done in slices too (yielding to the browser),
        // rather than in one task as a default update would be.
        startTransition(() => {
          hydrateRoot(root, app);
        });
        later(() => {
          restoreBrowserState(store);
          // Early taps are replayed on top of the restored cart, once the page answers them.
          later(() => doc.dispatchEvent(new Event(HYDRATED_EVENT)));
        });
      };
      // The code of a page loaded on demand (a product, a list), which the server preloaded with
      // the page, is in before hydrating: the page hydrates with the frame instead of after it, so
      // the taps replayed at HYDRATED_EVENT find it answering. A failed download still hydrates
      // (the page's error boundary says so).
      preloadPagesOf(doc.location.pathname).then(hydrate, hydrate);
    });
  });
}

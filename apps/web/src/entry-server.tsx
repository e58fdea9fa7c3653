import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { api } from './app/api';
import { AppRoot } from './app/AppRoot';
import { isLandingPage, prefetchFirstPage } from './app/first-page';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';
import { client } from './lib/appwrite';
import { setApiFetch } from './lib/fetch';
import { setServerOrigin } from './lib/site';

/**
 * The landing pages rendered on the server (issue 7): a visitor's phone paints the page, its
 * picture included, from the HTML itself instead of after the app's JavaScript has run, and the
 * app then hydrates it with the very data it was rendered from (`state`, the RTK Query cache).
 * Built by `vite build --ssr` into dist-server/ and loaded by the backend
 * (apps/server/src/web/ssr.ts), which hands in how to reach its own API.
 */
export interface RenderedPage {
  html: string;
  /** The server data cache (`getState().api`), for `apiHydrated` in the browser. */
  state: unknown;
}

export function configure(o: { endpoint: string; fetch: typeof globalThis.fetch }): void {
  client.setEndpoint(o.endpoint);
  setApiFetch(o.fetch);
}

/** The page at `url` (absolute), or null when it is not one rendered on the server. */
export async function renderPage(url: string): Promise<RenderedPage | null> {
  const { pathname, search } = new URL(url);
  if (!isLandingPage(pathname)) return null;
  const store = makeStore({ asRenderedOnServer: true });
  prefetchFirstPage(store, pathname, true);
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));

  setServerOrigin(new URL(url).origin); // renderToString runs at once: no other render between
  const html = renderToString(
    <AppRoot store={store}>
      <StaticRouter location={pathname + search}>
        <AppRoutes />
      </StaticRouter>
    </AppRoot>,
  );
  return { html, state: store.getState()[api.reducerPath] };
}

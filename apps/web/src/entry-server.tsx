import type { PageRendererModule, RenderedPage } from '@courtside/shop/web-page';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { api } from './lib/api';
import { AppRoot } from './app/AppRoot';
import { isRenderedOnServer, prefetchFirstPage } from './app/first-page';
import { AppRoutes, isUnknownPath, lazyHandles, preloadPagesOf } from './app/router';
import { makeStore } from './app/store';
import { client } from './lib/appwrite';
import { setApiFetch } from './lib/fetch';
import { SiteOriginProvider } from './lib/site';
import { PageStatusProvider } from './lib/page-status';

/**
 * The web app's server renderer (the contract is in @courtside/shop/web-page): the landing pages
 * arrive as HTML with their data, so a visitor's phone paints the whole page, pictures included,
 * from the HTML itself, and the app then hydrates it with the very data it was rendered from.
 * Built by `vite build --ssr` into dist-server/ and loaded by the backend
 * (apps/server/src/web/ssr.ts), which hands in how to reach its own API.
 */
export const configure: PageRendererModule['configure'] = (o) => {
  client.setEndpoint(o.endpoint);
  setApiFetch(o.fetch);
};

export const renderPage: PageRendererModule['renderPage'] = async (url) => {
  const { pathname, search, origin } = new URL(url);
  // A path the shop has no page for is rendered too: the not-found page, answered with 404.
  if (!isRenderedOnServer(pathname) && !isUnknownPath(pathname)) return null;
  const store = makeStore({ asRenderedOnServer: true });
  await prefetchFirstPage(store, pathname, true, search);

  // The code of a page loaded on demand (the cart, a list of pairs) first: renderToString waits
  // for nothing.
  await preloadPagesOf(pathname);
  let status = 200;
  const html = renderToString(
    <PageStatusProvider value={(code) => (status = code)}>
      <SiteOriginProvider value={origin}>
        <AppRoot store={store}>
          <StaticRouter location={pathname + search}>
            <AppRoutes />
          </StaticRouter>
        </AppRoot>
      </SiteOriginProvider>
    </PageStatusProvider>,
  );
  const page: RenderedPage = {
    html,
    state: store.getState()[api.reducerPath],
    status,
  };
  return page;
};

export const lazyModulesFor: PageRendererModule['lazyModulesFor'] = (pathname) =>
  lazyHandles(pathname).map((handle) => handle.lazyModule);

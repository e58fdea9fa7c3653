import {
  createContext,
  Suspense,
  useContext,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../features/shell/ShopLayout';
import { lazyComponent } from '../lib/lazy-component';

/** Inside a loading layout: the pages below it only start downloading their code. */
const PreloadOnly = createContext(false);

/**
 * A route's page whose code loads when first shown (first-load JS), as a route element:
 * `fallback` stands in its place meanwhile. A layout loaded this way also starts the code of the
 * page below it at the same time (a first visit to /account/my-orders asks for both chunks at
 * once, not one after the other). A page nobody opens is never downloaded; a failed download
 * reaches the routes' error boundary. `preload` fetches the code ahead: a page whose code is in
 * renders at once, as the server needs (renderToString waits for nothing).
 */
export function lazyElement(
  load: () => Promise<ComponentType>,
  fallback: ReactNode,
): { element: ReactElement; preload: () => Promise<ComponentType> } {
  const { Component: Page, preload } = lazyComponent(load);
  function LazyRoute() {
    if (useContext(PreloadOnly)) {
      preload().catch(() => {}); // the page reports the failure when it renders
      return <Outlet />;
    }
    return (
      <Suspense
        fallback={
          <>
            {fallback}
            <PreloadOnly.Provider value>
              <Outlet />
            </PreloadOnly.Provider>
          </>
        }
      >
        <Page />
      </Suspense>
    );
  }
  return { element: <LazyRoute />, preload };
}

/**
 * Every page and layout loaded on demand, by source file: Vite makes each a chunk of its own. The
 * home page and the shop's shell come with the first chunk.
 */
const PAGE_FILES = import.meta.glob<Record<string, ComponentType>>([
  '../features/**/*Page.tsx',
  '../features/**/*Layout.tsx',
  '!../features/{home,shell}/**',
]);

/**
 * A page's source file under src/, without `.tsx`, whose export of the same name is the page:
 * `features/cart/CartPage`.
 */
export type PageFile = `features/${string}/${string}`;

/**
 * A route's lazy page: its element, its source file (for the server to preload its chunks with
 * the page) and how to load its code ahead (for the server to render it).
 */
export interface LazyRoute {
  element: ReactElement;
  handle: { lazyModule: string; preload: () => Promise<unknown> };
}

/**
 * The route parts of a page loaded on demand (`lazyElement`); `handle.lazyModule` is the page's
 * file as Vite's manifest names it, which the server turns into the chunks to preload with the
 * page (apps/server/src/web/preload.ts).
 */
export function lazyPage(file: PageFile, fallback: ReactNode): LazyRoute {
  const load = PAGE_FILES[`../${file}.tsx`];
  if (!load) throw new Error(`lazyPage: no page file src/${file}.tsx`);
  const name = file.slice(file.lastIndexOf('/') + 1);
  const { element, preload } = lazyElement(async () => {
    const page = (await load())[name];
    if (!page) throw new Error(`lazyPage: src/${file}.tsx exports no ${name}`);
    return page;
  }, fallback);
  return { element, handle: { lazyModule: `src/${file}.tsx`, preload } };
}

/** A storefront page loaded on demand: the shop's shell at once, a spinner where the page goes. */
export const shopPage = (file: PageFile): LazyRoute => lazyPage(file, <PageLoading />);

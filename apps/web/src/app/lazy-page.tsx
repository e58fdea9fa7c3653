import {
  createContext,
  lazy,
  Suspense,
  useContext,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../features/shell/ShopLayout';

/** Inside a loading layout: the pages below it only start downloading their code. */
const PreloadOnly = createContext(false);

/**
 * A route's page whose code loads when first shown (issue 7: first-load JS), as a route element:
 * `fallback` stands in its place meanwhile. A layout loaded this way also starts the code of the
 * page below it at the same time (a first visit to /account/my-orders asks for both chunks at
 * once, not one after the other). A page nobody opens is never downloaded; a failed download
 * reaches the routes' error boundary.
 */
export function lazyPage(load: () => Promise<ComponentType>, fallback: ReactNode): ReactElement {
  let loading: Promise<ComponentType> | undefined;
  const start = () => (loading ??= load());
  const Page = lazy(async () => ({ default: await start() }));
  function LazyRoute() {
    if (useContext(PreloadOnly)) {
      start().catch(() => {}); // the page reports the failure when it renders
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
  return <LazyRoute />;
}

/** A storefront page loaded on demand: the shop's shell at once, a spinner where the page goes. */
export const shopPage = (load: () => Promise<ComponentType>): ReactElement =>
  lazyPage(load, <PageLoading />);

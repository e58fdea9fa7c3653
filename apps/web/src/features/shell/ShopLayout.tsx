import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Island, SECTION_HEIGHTS, useIslandsOpenOnNavigation } from '../../components/ui/Island';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/routes';
import { lazyComponent } from '../../lib/lazy-component';
import { BottomBar } from './BottomBar';
import { FloatingLinks } from './FloatingLinks';
import { Header } from './Header';
import { Footer } from './Footer';

/** The checkout's cart check: its code comes with the checkout's, off every other page's first load. */
const { Component: CheckoutCartCheck } = lazyComponent(async () => {
  return (await import('../../entities/cart/CheckoutCartCheck')).CheckoutCartCheck;
});

let arrivalKey: string | undefined;
/** Whether `key` is the history entry of the page the visitor arrived at (this document's first). */
const isArrival = (key: string) => (arrivalKey ??= key) === key;

/**
 * Scrolls to the top on every route change (docs/shop.md §2), but not on the page the visitor
 * arrived at: a server-rendered page may have been scrolled before the app took it over, and a
 * reload keeps its place.
 */
function ScrollToTop() {
  const { pathname, key } = useLocation();
  const arrived = isArrival(key);
  useEffect(() => {
    if (!arrived) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, arrived]);
  return null;
}

/**
 * The shop's shell around the page. `children` replaces the page while a lazily loaded page's
 * code arrives on the first visit (the router's HydrateFallback): header and footer show at once.
 */
export function ShopLayout({ children }: { children?: ReactNode }) {
  const { pathname, key } = useLocation();
  useIslandsOpenOnNavigation(key);
  return (
    <div className="flex min-h-dvh flex-col pb-16 md:pb-0">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Island>
        <Header />
      </Island>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:py-8">
        {pathname === paths.checkout && (
          <Suspense fallback={null}>
            <CheckoutCartCheck />
          </Suspense>
        )}
        {children ?? <Outlet />}
      </main>
      <Island offscreen={SECTION_HEIGHTS.footer}>
        <Footer />
      </Island>
      <Island>
        <FloatingLinks />
        <BottomBar />
      </Island>
    </div>
  );
}

/** The page area while a page's code loads: a screen tall, so the footer does not jump. */
export function PageLoading() {
  return (
    <div className="grid min-h-dvh place-items-start justify-center pt-24">
      <Spinner label="Loading the page" />
    </div>
  );
}

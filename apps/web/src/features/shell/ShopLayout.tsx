import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BottomBar } from './BottomBar';
import { FloatingLinks } from './FloatingLinks';
import { Footer } from './Footer';
import { Header } from './Header';

/** Scrolls to the top on every route change (spec section 2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

export function ShopLayout() {
  return (
    <div className="flex min-h-dvh flex-col pb-16 sm:pb-0">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-6 sm:py-8">
        <Outlet />
      </main>
      <Footer />
      <FloatingLinks />
      <BottomBar />
    </div>
  );
}

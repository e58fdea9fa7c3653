import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { prefetchFirstPage } from './app/first-page';
import { createRouter } from './app/router';
import { makeStore } from './app/store';
import { Toasts } from './components/ui/toasts';
import './styles.css';
// The toasts' styles come with the page's own (inline, issue 7): the container loads later, and a
// stylesheet arriving then would make the browser restyle the whole page at once.
import 'react-toastify/dist/ReactToastify.css';
import './components/ui/toasts.css';

// Start-up in tasks of its own (issue 7), so a phone's main thread is never blocked for all of
// it at once: the store and the landing page's calls (on their way before anything renders),
// then the router, then the first render.
const later = (step: () => void) => setTimeout(step, 0);
later(() => {
  const store = makeStore();
  prefetchFirstPage(store, window.location.pathname);
  later(() => {
    const router = createRouter();
    later(() => {
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <Provider store={store}>
            <RouterProvider router={router} />
            <Toasts />
          </Provider>
        </StrictMode>,
      );
    });
  });
});

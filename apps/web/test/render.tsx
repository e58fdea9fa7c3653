import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore, type AppStore } from '../src/app/store';

/**
 * Renders a page inside the store and a memory router; other paths render their name.
 * `url` is where the router starts (a query string may follow the path); `path` by default.
 */
export function renderPage(
  element: ReactElement,
  {
    path = '/',
    url = path,
    store = makeStore(),
  }: { path?: string; url?: string; store?: AppStore } = {},
) {
  const router = createMemoryRouter(
    [
      { path, element },
      {
        path: '*',
        element: (
          <p>
            at {'{'}path{'}'}
          </p>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  return {
    user,
    store,
    router,
    ...render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    ),
  };
}

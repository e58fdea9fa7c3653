import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore, type AppStore } from '../src/app/store';

/**
 * Renders a page inside the store and a memory router at `path` (matched by `route`, e.g.
 * '/product/:slug', when the page reads parameters); other paths render their name.
 */
export function renderPage(
  element: ReactElement,
  {
    path = '/',
    route = path,
    store = makeStore(),
  }: { path?: string; route?: string; store?: AppStore } = {},
) {
  const router = createMemoryRouter(
    [
      { path: route, element },
      {
        path: '*',
        element: (
          <p>
            at {'{'}path{'}'}
          </p>
        ),
      },
    ],
    { initialEntries: [path] },
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

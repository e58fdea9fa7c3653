import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore, type AppStore } from '../src/app/store';

/** Renders a page inside the store and a memory router; other paths render their name. */
export function renderPage(
  element: ReactElement,
  { path = '/', store = makeStore() }: { path?: string; store?: AppStore } = {},
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

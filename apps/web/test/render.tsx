import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore, type AppStore } from '../src/app/store';

/**
 * Renders a page inside the store and a memory router; other paths render their name.
 * `url` is where the router starts (a query string may follow the path); `path` by default;
 * `state` is the history state of that entry (what `navigate(to, { state })` passes).
 */
export function renderPage(
  element: ReactElement,
  {
    path = '/',
    url = path,
    store = makeStore(),
    state,
  }: { path?: string; url?: string; store?: AppStore; state?: unknown } = {},
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
    { initialEntries: [state === undefined ? url : { ...entryOf(url), state }] },
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

function entryOf(url: string) {
  const at = url.indexOf('?');
  return at < 0 ? { pathname: url } : { pathname: url.slice(0, at), search: url.slice(at) };
}

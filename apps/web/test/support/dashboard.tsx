import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Models } from 'appwrite';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { encodeOrderLines, type Order, type Product, type ShopUser } from '@courtside/shop';
import { makeStore } from '../../src/app/store';
import { Toasts } from '../../src/components/ui/toasts';
import { dashboardPrintRoute, dashboardRoute } from '../../src/app/routes/dashboard';
import { login, logout } from '../../src/entities/session/auth-slice';
import { productDoc } from '../products';

// The dashboard's screens load lazily and render whole tables: give them room on a busy machine.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

export const admin: ShopUser = {
  $id: 'owner1',
  name: 'Owner',
  email: 'owner@courtside.test',
  phone: '',
  labels: ['admin'],
};

const meta = (id: string, createdAt: string) => ({
  $id: id,
  $createdAt: createdAt,
  $updatedAt: createdAt,
  $permissions: [],
  $databaseId: 'shop',
  $collectionId: 'x',
});

/** A product of the dashboard's tests: the shared fixture (test/products.ts), one in stock. */
export function product(id: string, title: string, over: Partial<Product> = {}): Product {
  return productDoc({
    ...meta(id, '2026-11-20T10:00:00.000+00:00'),
    title,
    description: `${title}, clean pair`,
    disc_price: 25000,
    size: 44,
    stock: 1,
    image: `img-${id}`,
    images: '[]',
    product_id: id,
    ...over,
  });
}

export function order(id: string, over: Partial<Order> = {}): Order {
  const lines = [
    {
      $id: '123456789',
      title: 'Kobe 6 Grinch',
      price: 30000,
      disc_price: 25000,
      size: 44,
      quantity: 2,
    },
  ];
  return {
    ...meta(id, '2026-11-21T09:30:00.000+00:00'),
    user_id: 'cust1',
    order_number: id,
    User_name: 'Ali Raza',
    address: '12 Mall Road city: Lahore',
    phone: '+923001234567',
    email: 'ali@example.com',
    price: 50500,
    payment_type: 'COD',
    order_status: 'pending',
    products: encodeOrderLines(lines),
    ...over,
  };
}

export const list = <T,>(documents: T[], total = documents.length) =>
  ({ total, documents }) as unknown as Models.DocumentList<Models.Document>;

/** Renders the dashboard route tree at `path` with the given user (or the lookup still running). */
export function renderDashboard(path: string, user: ShopUser | null | 'checking' = admin) {
  const store = makeStore();
  if (user === null) store.dispatch(logout());
  else if (user !== 'checking') store.dispatch(login(user));
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>storefront home</p> },
      { path: '/product/:slug', element: <p>storefront product</p> },
      dashboardRoute,
      dashboardPrintRoute,
    ],
    { initialEntries: [path] },
  );
  const u = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toasts />
    </Provider>,
  );
  return { ...view, user: u, store, router };
}

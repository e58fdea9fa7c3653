import { encodeOrderLines, type Order, type ShopUser } from '@courtside/shop';
import { login } from '../src/entities/session/auth-slice';
import { addToCart } from '../src/entities/cart/cart-slice';
import { makeStore } from '../src/app/store';

export const customer: ShopUser = {
  $id: 'u1',
  name: 'Ali Raza',
  email: 'ali@example.com',
  phone: '',
  labels: [],
  prefs: {},
};

export const kobe = {
  $id: '111111111',
  title: 'Kobe 6 Protro',
  price: 30000,
  disc_price: 25000,
  size: 43,
  stock: 2,
  stoke: 'true' as const,
  image: 'img-kobe',
};
export const kd = {
  $id: '222222222',
  title: 'KD 15',
  price: 18000,
  disc_price: 0,
  size: 44,
  stock: 1,
  stoke: 'true' as const,
  image: 'img-kd',
};

/** A store with this user signed in and these products in the cart. */
export function storeWith(user: ShopUser | null, cart: (typeof kobe)[] = []) {
  const store = makeStore();
  if (user) store.dispatch(login(user));
  for (const p of cart) store.dispatch(addToCart(p));
  return store;
}

/** The account document the SDK's `account.get()` returns. */
export function accountOf(user: ShopUser, extra: Record<string, unknown> = {}) {
  return {
    ...user,
    $createdAt: '2026-11-01T10:00:00.000+00:00',
    $updatedAt: '2026-11-01T10:00:00.000+00:00',
    registration: '2026-11-01T10:00:00.000+00:00',
    status: true,
    passwordUpdate: '2026-11-01T10:00:00.000+00:00',
    emailVerification: true,
    phoneVerification: false,
    accessedAt: '2026-11-01T10:00:00.000+00:00',
    ...extra,
  };
}

export function orderOf(fields: Partial<Order> & Pick<Order, '$id' | 'order_status'>): Order {
  return {
    user_id: 'u1',
    order_number: fields.$id,
    User_name: 'Ali Raza',
    address: '12 Mall Road city: Lahore',
    phone: '+923001234567',
    email: 'ali@example.com',
    price: 25000,
    payment_type: 'Bank',
    products: encodeOrderLines([{ ...kobe, quantity: 1 }]),
    $createdAt: '2026-11-20T10:00:00.000+00:00',
    $updatedAt: '2026-11-20T10:00:00.000+00:00',
    $permissions: ['read("user:u1")'],
    $databaseId: 'shop',
    $collectionId: 'orders',
    ...fields,
  };
}

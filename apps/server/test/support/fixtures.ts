import { encodeOrderLines } from '@courtside/shop';

/** The fields of a product as the owner's form sends them; `over` changes any of them. */
export const productFields = (over: Record<string, unknown> = {}) => ({
  title: 'Nike Kyrie 7',
  description: 'A quick guard shoe.',
  category: 'kyrie',
  price: 20_000,
  disc_price: 15_000,
  size: 43,
  condition: 9,
  stock: 2,
  stoke: 'true',
  // One photo lists a pair (the file itself is not looked up).
  image: 'photo-main',
  images: '[]',
  ...over,
});

/** A cart line: the product as the customer's browser keeps it, with how many. */
export const cartLine = <P extends object>(p: P, quantity = 1) => ({ ...p, quantity });

/** The fields of an order as checkout sends them, for these cart lines and this total. */
export const orderFields = (
  userId: string,
  lines: readonly unknown[],
  price: number,
  over: Record<string, unknown> = {},
) => ({
  user_id: userId,
  order_number: 'a1b2c3',
  User_name: 'Ayesha Khan',
  address: 'House 12 city: Lahore',
  street: 'House 12',
  city: 'Lahore',
  phone: '0300 1234567',
  email: 'ayesha@example.pk',
  price,
  payment_type: 'Bank',
  products: encodeOrderLines(lines as object[]),
  ...over,
});

import { orderTotal, type OrderStatus, type PaymentType } from '@courtside/shop';
import type { StoredDocument } from '../../modules/databases/contract.js';
import { asOrderProduct, storedOrderLines } from '../order-lines.js';

/** The demo customer's orders: which pairs, how paid, and where each one stands. */
export const DEMO_ORDERS: { title: string; status: OrderStatus; payment: PaymentType }[] = [
  { title: 'Nike Kobe 8 "Court Purple"', status: 'completed', payment: 'Bank' },
  { title: 'Nike PG 4 "Gatorade"', status: 'completed', payment: 'COD' },
  { title: 'adidas Dame 7 "Dame Time"', status: 'confirmed', payment: 'COD' },
  { title: 'Nike LeBron Witness 7 "Bred"', status: 'confirmed', payment: 'Bank' },
  { title: 'Nike Kyrie Low 5 "Team Orange"', status: 'pending', payment: 'COD' },
  { title: 'Jordan Luka 2 "Lake Bled"', status: 'pending', payment: 'Bank' },
];

export const DEMO_ADDRESS = {
  name: 'Ayesha Khan',
  phone: '+923001234567',
  address: 'House 12, Street 4, Gulberg III city: Lahore Near Hussain Chowk',
};

/** The order document as checkout would have stored it, priced by the shared rules. */
export function demoOrderData(
  product: StoredDocument,
  customer: { id: string; email: string },
  orderNumber: string,
  status: OrderStatus,
  payment: PaymentType,
) {
  const line = { product: asOrderProduct(product), quantity: 1 };
  return {
    user_id: customer.id,
    order_number: orderNumber,
    User_name: DEMO_ADDRESS.name,
    address: DEMO_ADDRESS.address,
    phone: DEMO_ADDRESS.phone,
    email: customer.email,
    price: orderTotal([{ ...line.product, quantity: 1 }], payment),
    payment_type: payment,
    order_status: status,
    products: storedOrderLines([line]),
  };
}

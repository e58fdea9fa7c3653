import {
  COURIER_IDS,
  composeOrderAddress,
  newOrderNumber,
  DEFAULT_CHARGES,
  priceOrder,
  SHOP_UTC_OFFSET_MINUTES,
  shopDay,
  shopYear,
  type OrderStatus,
  type PaymentType,
} from '@courtside/shop';
import type { StoredDocument } from '../../modules/databases/contract.js';
import { pendingPairsTally } from '../order-holds.js';
import { toIso } from '../../tools/dates.js';
import type { ShopContext } from '../context.js';
import { asOrderProduct, storedOrderLines } from '../order-lines.js';
import { DEMO_PRODUCTS } from './catalogue.js';
import { Q } from '../../protocol/query-builder.js';

/**
 * The demo's orders: the demo customer's own (a few in each status, two placed today), and a
 * history from a few more demo customers over every month of last year and this year up to
 * now, so the dashboard's chart has two years to draw. Dates come from a fixed plan, so a
 * seed is the same every time for a given day.
 */
export interface DemoBuyer {
  key: string;
  email: string;
  name: string;
  phone: string;
  street: string;
  city: string;
  etcaddress: string;
}

export const DEMO_ADDRESS = {
  name: 'Ayesha Khan',
  phone: '+923001234567',
  street: 'House 12, Street 4, Gulberg III',
  city: 'Lahore',
  etcaddress: 'Near Hussain Chowk',
};

/** The demo customer (who can sign in) and the buyers of the history (who cannot). */
export const DEMO_BUYERS: DemoBuyer[] = [
  { key: 'customer', email: 'customer@courtside.test', ...DEMO_ADDRESS },
  {
    key: 'bilal',
    email: 'bilal@courtside.test',
    name: 'Bilal Ahmed',
    phone: '+923211234567',
    street: 'Flat 3, Block C, Clifton',
    city: 'Karachi',
    etcaddress: 'Near Teen Talwar',
  },
  {
    key: 'hamza',
    email: 'hamza@courtside.test',
    name: 'Hamza Raza',
    phone: '+923331234567',
    street: 'House 45, F-7/2',
    city: 'Islamabad',
    etcaddress: 'Near Jinnah Super',
  },
  {
    key: 'sana',
    email: 'sana@courtside.test',
    name: 'Sana Iqbal',
    phone: '+923451234567',
    street: 'House 8, Model Town',
    city: 'Lahore',
    etcaddress: 'Near Link Road',
  },
];

export interface PlannedOrder {
  buyer: string;
  title: string;
  status: OrderStatus;
  payment: PaymentType;
  at: Date;
}

const DAY = 86_400_000;

/**
 * The demo customer's orders: two per original status and one cancelled before it was sent, so
 * the customer one signs in as is a trusted buyer who may pay cash on delivery. `when` is days
 * ago, or for today's (pending) orders a negative share of the time since the shop's midnight,
 * so they fall on today.
 */
const OWN: [title: string, status: OrderStatus, payment: PaymentType, when: number][] = [
  ['Nike Kyrie Low 5 "Team Orange"', 'pending', 'COD', -0.8],
  ['Jordan Luka 2 "Lake Bled"', 'pending', 'Bank', -0.4],
  ['adidas Dame 7 "Dame Time"', 'confirmed', 'COD', 2],
  ['Nike LeBron Witness 7 "Bred"', 'confirmed', 'Bank', 6],
  ['Nike PG 4 "Gatorade"', 'completed', 'COD', 40],
  ['Nike Kobe 8 "Court Purple"', 'completed', 'Bank', 150],
  ['Nike KD 15 "Aunt Pearl"', 'cancelled', 'COD', 12],
];

/** A Pakistan-time instant: year, month (1-12), day, hour. */
const pkt = (year: number, month: number, day: number, hour: number) =>
  new Date(Date.UTC(year, month - 1, day, hour) - SHOP_UTC_OFFSET_MINUTES * 60_000);

export function demoOrderPlan(now: Date): PlannedOrder[] {
  const [y, m, d] = shopDay(now).split('-').map(Number) as [number, number, number];
  const midnight = pkt(y, m, d, 0).getTime();
  const today = (share: number) => new Date(midnight + (now.getTime() - midnight) * share);
  const plan: PlannedOrder[] = OWN.map(([title, status, payment, when]) => ({
    buyer: 'customer',
    title,
    status,
    payment,
    at: when < 0 ? today(-when) : new Date(now.getTime() - when * DAY),
  }));
  const others = DEMO_BUYERS.slice(1);
  const year = shopYear(now);
  let n = 0;
  for (const yy of [year - 1, year]) {
    for (let month = 1; month <= 12; month++) {
      // One to three orders a month.
      const count = 1 + ((month * 7 + yy) % 3);
      for (let i = 0; i < count; i++, n++) {
        const at = pkt(yy, month, 2 + ((n * 11) % 26), 11 + ((n * 5) % 10));
        if (at.getTime() > now.getTime() - DAY) continue;
        plan.push({
          buyer: others[n % others.length]!.key,
          title: DEMO_PRODUCTS[(n * 7) % DEMO_PRODUCTS.length]!.title,
          status: now.getTime() - at.getTime() < 7 * DAY ? 'confirmed' : 'completed',
          payment: n % 3 === 0 ? 'Bank' : 'COD',
          at,
        });
      }
    }
  }
  // A parcel refused at the door and sent back: its buyer's number is risky in the dashboard.
  plan.push({
    buyer: others[1 % others.length]!.key,
    title: 'Nike Kyrie 7 "Bright Crimson"',
    status: 'returned',
    payment: 'COD',
    at: new Date(now.getTime() - 90 * DAY),
  });
  // One more order today from the history's buyers, so today is not the demo customer alone.
  plan.push({
    buyer: others[0]!.key,
    title: 'Nike Zoom Freak 4 "Laser Blue"',
    status: 'pending',
    payment: 'COD',
    at: today(0.6),
  });
  return plan;
}

/** The order document as checkout would have stored it, priced by the shared rules. */
export function demoOrderData(
  product: StoredDocument,
  buyer: DemoBuyer & { id: string },
  orderNumber: string,
  status: OrderStatus,
  payment: PaymentType,
) {
  const line = { product: asOrderProduct(product), quantity: 1 };
  // A fresh shop's charges: the seed runs before the owner has set any.
  const priced = priceOrder([{ ...line.product, quantity: 1 }], payment, DEFAULT_CHARGES);
  return {
    user_id: buyer.id,
    order_number: orderNumber,
    User_name: buyer.name,
    address: composeOrderAddress({
      address: buyer.street,
      city: buyer.city,
      etcaddress: buyer.etcaddress,
    }),
    street: buyer.street,
    city: buyer.city,
    etcaddress: buyer.etcaddress,
    phone: buyer.phone,
    email: buyer.email,
    price: priced.total,
    delivery: priced.delivery,
    cod_fee: priced.codFee,
    payment_type: payment,
    order_status: status,
    products: storedOrderLines([line]),
    ...demoShipping(orderNumber, status),
  };
}

/** A sent order's courier and a tracking number of its own; nothing while it waits. */
function demoShipping(orderNumber: string, status: OrderStatus) {
  if (status === 'pending' || status === 'cancelled') return {};
  const n = parseInt(orderNumber, 16);
  const couriers = COURIER_IDS.filter((c) => c !== 'Other');
  return {
    courier: couriers[n % couriers.length]!,
    tracking_number: String(7_794_000_000_000 + n),
  };
}

/**
 * Stores the planned orders of the buyers that have none yet. Open orders (pending, confirmed)
 * hold their pair, as a real order would (D16); cancelled and returned ones gave theirs back.
 */
export async function seedDemoOrders(
  shop: ShopContext,
  buyers: (DemoBuyer & { id: string })[],
): Promise<number> {
  const plan = demoOrderPlan(shop.clock.now());
  return shop.databases.transaction(shop.ids.database, async (docs) => {
    const products = new Map<string, StoredDocument | null>();
    const productOf = async (title: string) => {
      if (!products.has(title)) {
        const found = await docs.list(shop.ids.products, [Q.equal('title', [title]), Q.limit(1)]);
        products.set(title, found.documents[0] ?? null);
      }
      return products.get(title)!;
    };
    let created = 0;
    for (const buyer of buyers) {
      const mine = await docs.list(shop.ids.orders, [Q.equal('user_id', [buyer.id]), Q.limit(1)]);
      if (mine.total > 0) continue;
      // Placed around the order rules: the buyer's tally of pending pairs is counted again.
      await docs.setTally(pendingPairsTally(buyer.id), null);
      for (const order of plan.filter((o) => o.buyer === buyer.key)) {
        const product = await productOf(order.title);
        if (!product) continue;
        let number = newOrderNumber();
        while (await docs.get(shop.ids.orders, number)) number = newOrderNumber();
        const data = demoOrderData(product, buyer, number, order.status, order.payment);
        await docs.create(shop.ids.orders, number, { ...data, $createdAt: toIso(order.at) }, [
          `read("user:${buyer.id}")`,
        ]);
        created++;
        const stock = Number(product.stock ?? 0);
        if ((order.status === 'pending' || order.status === 'confirmed') && stock > 0) {
          const left = { stock: stock - 1, stoke: stock > 1 ? 'true' : 'false' };
          products.set(order.title, await docs.update(shop.ids.products, product.$id, left));
        }
      }
    }
    return created;
  });
}

import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, readMails, smsTo } from '../support/outbox.js';
import { guestUser, type SdkUser } from '../support/sdk.js';
import { cartLine, createProduct, ids, order, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * An order's news (docs/shop.md §4) by SMS to the number given at checkout and by e-mail to the
 * address given there, through the mail queue: placed, confirmed, shipped, delivered, cancelled
 * and returned.
 */

let w: ShopWorld;
let n = 0;

beforeAll(async () => {
  w = await shopWorld({
    env: {
      PENDING_PAIRS_PER_PHONE: '50',
      PENDING_PAIRS_PER_ADDRESS: '50',
      PENDING_PAIRS_PER_CUSTOMER: '50',
      RECIPIENT_MESSAGES_PER_HOUR: '3',
    },
  });
});
afterAll(() => w.server.close());

const freshNumber = () => `+92333${String(Date.now() % 1_000_000).padStart(6, '0')}${n++ % 10}`;

const guest = () => guestUser(w.server);

async function place(buyer: SdkUser & { me: { $id: string } }, over: Record<string, unknown>) {
  const p = await createProduct(w, { stock: 5, price: 15_000, disc_price: 0 });
  const fields = order(buyer.me.$id, [cartLine(p)], 15_500, { payment_type: 'COD', ...over });
  return buyer.databases.createDocument(ids.database, ids.orders, ID.unique(), fields);
}

const setOrder = async (id: string, data: Record<string, unknown>) => {
  await w.admin.databases.updateDocument(ids.database, ids.orders, id, data);
  await w.server.app.shop!.idle();
};

async function mailsTo(to: string) {
  await w.server.app.shop!.idle();
  return (await readMails(w.server.dataDir))
    .filter((m) => m.to === to)
    .map((m) => ({ subject: m.subject, text: decodeQuotedPrintable(m.text) }));
}

describe("an order's news by SMS and e-mail", () => {
  it('tells a guest with a number only, by SMS, at every step', async () => {
    const phone = freshNumber();
    const placed = await place(await guest(), { phone, email: undefined });
    await w.server.app.shop!.idle();
    // The confirmation link (order-confirm.ts) with the key only the buyer and the owner read.
    const key = placed.confirm_key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [first, ...more] = await smsTo(w.server.dataDir, phone);
    expect(more).toEqual([]);
    expect(first).toMatch(
      new RegExp(
        `^Courtside: thank you for your order #${placed.$id.toUpperCase()}, total Rs\\.15,500 \\(cash on delivery\\)\\. ` +
          `Please confirm it within 12 hours\\. Confirm or cancel: https?://[^ ]+/confirm/${placed.$id}\\.${key} ` +
          `Follow it: https?://[^ ]+/track\\?order=${placed.$id}$`,
      ),
    );

    await setOrder(placed.$id, { order_status: 'confirmed' });
    await setOrder(placed.$id, { courier: 'TCS', tracking_number: 'TCS 7788 9900' });
    await setOrder(placed.$id, { order_status: 'completed' });
    await setOrder(placed.$id, { order_status: 'returned' });
    const texts = await smsTo(w.server.dataDir, phone);
    expect(texts).toHaveLength(5);
    expect(texts[1]).toContain(
      `Your order #${placed.$id.toUpperCase()} is confirmed: we are packing it.`,
    );
    expect(texts[1]).toContain('Please keep Rs.15,500 ready in cash for the rider.');
    expect(texts[1]).not.toContain('on its way');
    expect(texts[2]).toContain(
      `Your order #${placed.$id.toUpperCase()} is on its way with TCS, tracking number TCS77889900.`,
    );
    expect(texts[2]).toContain('Track the parcel: https://www.tcsexpress.com/track/TCS77889900');
    expect(texts[3]).toContain(`Your order #${placed.$id.toUpperCase()} is delivered.`);
    expect(texts[4]).toContain(
      `Your order #${placed.$id.toUpperCase()} came back to us as returned.`,
    );
  });

  it('sends each step to the e-mail given at checkout too, and tells of a cancellation', async () => {
    const phone = freshNumber();
    const email = `buyer.${n}@example.pk`;
    const placed = await place(await guest(), { phone, email });
    await setOrder(placed.$id, { order_status: 'confirmed' });
    await setOrder(placed.$id, { courier: 'Leopards', tracking_number: 'LP123456' });
    await setOrder(placed.$id, { order_status: 'cancelled' });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Courtside order #${placed.$id.toUpperCase()}`,
      `Your Courtside order #${placed.$id.toUpperCase()} is confirmed`,
      `Your Courtside order #${placed.$id.toUpperCase()} is on its way`,
      `Your Courtside order #${placed.$id.toUpperCase()} is cancelled`,
    ]);
    expect(mails[0]!.text).toContain(
      `Please confirm it within 12 hours, or cancel it, with this link: `,
    );
    expect(mails[0]!.text).toContain(`/confirm/${placed.$id}.${placed.confirm_key as string}\n`);
    expect(mails[2]!.text).toContain('Track the parcel: https://pk.leopardscourier.com/tracking');
    const texts = await smsTo(w.server.dataDir, phone);
    expect(texts).toHaveLength(4);
    expect(texts[3]).toContain(`Your order #${placed.$id.toUpperCase()} has been cancelled.`);
  });

  it('counts the placed order’s SMS against the number’s limits, never the owner’s later news', async () => {
    const phone = freshNumber();
    const buyer = await guest();
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await place(buyer, { phone }));
    await w.server.app.shop!.idle();
    const placedTexts = (await smsTo(w.server.dataDir, phone)).filter((t) =>
      t.includes('thank you for your order'),
    );
    // Anyone could type the number at checkout: three an hour at most (RECIPIENT_MESSAGES_PER_HOUR).
    expect(placedTexts).toHaveLength(3);
    for (const o of orders) await setOrder(o.$id, { order_status: 'confirmed' });
    const confirmed = (await smsTo(w.server.dataDir, phone)).filter((t) =>
      t.includes('we are packing it'),
    );
    expect(confirmed).toHaveLength(5);
  });
});

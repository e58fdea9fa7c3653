import { statsDayId } from '@courtside/shop';
import { ID, Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { typedHtml } from '../../src/tools/typed-text.js';
import { decodeQuotedPrintable, lastMailTo, linkIn, readMails } from '../support/outbox.js';
import { signedInUser, sdkUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { cartLine, ids, order, OWNER, product } from '../support/shop.js';

/**
 * Order e-mails and the limits per recipient (docs/limits.md): the confirmation of a placed order
 * to an address its customer has verified always goes; to an address nobody has verified (anyone
 * can type one at checkout) it counts against that address's limits. The owner's later news of
 * the order is not counted; to an unverified address it shows what the buyer typed only escaped
 * and cut short.
 */

const clock = manualClock(new Date('2026-03-02T09:00:00.000Z'));
let server: TestServer;
let admin: SdkUser;
let shoe: Models.Document;

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      RECIPIENT_MESSAGES_PER_HOUR: '3',
      RECIPIENT_MESSAGES_PER_DAY: '10',
      PENDING_PAIRS_PER_CUSTOMER: '50',
    },
  });
  admin = sdkUser(server);
  await admin.account.createEmailSession(OWNER.email, OWNER.password);
  shoe = await admin.databases.createDocument(
    ids.database,
    ids.products,
    ID.unique(),
    product({ stock: 100, price: 15_000, disc_price: 0 }),
  );
});
afterAll(() => server.close());

type Buyer = Awaited<ReturnType<typeof signedInUser>>;

async function placeOrders(buyer: Buyer, n: number, over: Record<string, unknown> = {}) {
  const placed = [];
  for (let i = 0; i < n; i++) {
    const fields = order(buyer.me.$id, [cartLine(shoe)], 15_000, { email: buyer.email, ...over });
    placed.push(
      await buyer.databases.createDocument(ids.database, ids.orders, ID.unique(), fields),
    );
  }
  return placed;
}

const confirmAll = async (orders: Models.Document[]) => {
  for (const o of orders) {
    await admin.databases.updateDocument(ids.database, ids.orders, o.$id, {
      order_status: 'confirmed',
    });
  }
};

async function mailsTo(to: string, subject: RegExp) {
  await server.app.shop!.idle();
  return (await readMails(server.dataDir)).filter((m) => m.to === to && subject.test(m.subject));
}

async function heldToday(): Promise<number> {
  await server.app.shop!.idle();
  const list = await admin.databases.listDocuments(ids.database, ids.stats, [
    Query.equal('$id', [statsDayId(clock.now())]),
  ]);
  return Number(list.documents[0]?.held ?? 0);
}

describe('order e-mails and the limits per recipient', () => {
  it('sends the owner’s news to a verified address every time', async () => {
    const buyer = await signedInUser(server, 'Hamza');
    await buyer.account.createVerification('http://localhost/account/verify-email');
    const link = linkIn(await lastMailTo(server.dataDir, buyer.email));
    await buyer.account.updateVerification(buyer.me.$id, link.searchParams.get('secret')!);

    const orders = await placeOrders(buyer, 5);
    await confirmAll(orders);
    expect(await mailsTo(buyer.email, /^Your Courtside order #\w+$/)).toHaveLength(5);
    expect(await mailsTo(buyer.email, /is confirmed$/)).toHaveLength(5);
  });

  it('limits confirmations to an unverified address and shows the buyer’s text cut and escaped', async () => {
    clock.advance(2 * 3_600_000);
    const heldBefore = await heldToday();
    const buyer = await signedInUser(server, 'Not The Owner');
    const name = `<a href="https://evil.example/prize">Claim your prize</a> ${'now '.repeat(15)}`;
    const street = `Call 0300-0000000 & send your password to https://evil.example ${'!'.repeat(60)}`;
    const orders = await placeOrders(buyer, 5, { User_name: name, street });
    await confirmAll(orders);

    const confirmations = await mailsTo(buyer.email, /^Your Courtside order #\w+$/);
    expect(confirmations).toHaveLength(3);
    // The owner's news of an order that exists is not counted: it follows the owner's action.
    expect(await mailsTo(buyer.email, /is confirmed$/)).toHaveLength(5);
    // Two confirmations held, and two of the placed orders' text messages to the form's number.
    expect(await heldToday()).toBe(heldBefore + 4);

    // Both parts, text and HTML, as the customer's mail program reads them.
    const body = decodeQuotedPrintable(confirmations[0]!.text);
    expect(body).toContain(`Assalam-o-Alaikum ${typedHtml(name)},`);
    expect(body).not.toContain('now now now now now now now now now now now now');
    expect(body).not.toContain('<a href="https://evil.example/prize">');
    expect(body).toContain('&lt;a href=&quot;https://evil.example/prize&quot;&gt;');
    expect(body).not.toContain('!'.repeat(60));
  });
});

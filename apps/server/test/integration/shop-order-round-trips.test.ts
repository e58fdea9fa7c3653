import { ID, type Models } from 'appwrite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartLine, createProduct, ids, order, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * On PostgreSQL every wait for an answer is a round trip (docs/architecture.md, "The driver's
 * pipeline"): an order's statements that do not wait for each other's answers go out together,
 * so a customer's order is four of them, whatever it writes. Counted on the order's own
 * connection: a statement handed to it while none is waiting for its answer starts a round trip.
 */
interface Sent {
  text: string;
  trip: number;
}

const sentBy = new Map<object, Sent[]>();
const waiting = new Map<object, number>();
const query = pg.Client.prototype.query;

function countRoundTrips() {
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (typeof args[0] !== 'string' || !(answer instanceof Promise)) return answer;
    const log = sentBy.get(this) ?? [];
    sentBy.set(this, log);
    const open = waiting.get(this) ?? 0;
    const trips = log.at(-1)?.trip ?? 0;
    log.push({ text: args[0], trip: open === 0 ? trips + 1 : trips });
    waiting.set(this, open + 1);
    const done = () => void waiting.set(this, waiting.get(this)! - 1);
    answer.then(done, done);
    return answer;
  } as typeof query);
}

/** The round trips of the one transaction that inserted an order, BEGIN to COMMIT. */
function tripsOfOrder(): { trips: number; statements: string[] } {
  const found: Sent[][] = [];
  for (const log of sentBy.values()) {
    let begin = -1;
    log.forEach((s, i) => {
      if (s.text === 'BEGIN') begin = i;
      if (s.text === 'COMMIT' && begin >= 0) {
        const tx = log.slice(begin, i + 1);
        if (
          tx.some((t) => /^with d as \(insert into "\w+" \([^)]*"a_order_number"/i.test(t.text))
        ) {
          found.push(tx);
        }
        begin = -1;
      }
    });
  }
  expect(found).toHaveLength(1);
  const tx = found[0]!;
  return { trips: tx.at(-1)!.trip - tx[0]!.trip + 1, statements: tx.map((s) => s.text) };
}

let w: ShopWorld;
let p: Models.Document;

beforeAll(async () => {
  w = await shopWorld();
  p = await createProduct(w, { stock: 10 });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await w.server.close();
});

const place = () =>
  w.alice.databases.createDocument(
    ids.database,
    ids.orders,
    ID.unique(),
    // The account's own address: the customer's confirmation, counted against its limits, too.
    order(w.alice.me.$id, [cartLine(p)], 15_000, { email: w.alice.me.email }),
  );

describe.skipIf(process.env.TEST_DB !== 'postgres')('an order on PostgreSQL', () => {
  it('is four round trips: its independent statements travel together', async () => {
    // The first order of the day makes the day's figures and learns the tallies; the next
    // is what every order costs.
    await place();
    await w.server.app.shop?.idle();
    countRoundTrips();
    await place();
    vi.restoreAllMocks();
    const { trips, statements } = tripsOfOrder();
    // BEGIN with the product, settings and tallies; the order; the product's update, its record,
    // e-mail counts and figures; the e-mail rows, closing statements and COMMIT.
    expect(trips, statements.join('\n')).toBeLessThanOrEqual(4);
    expect(statements.filter((s) => s.includes('databases_tallies'))).toHaveLength(2);
  });
});

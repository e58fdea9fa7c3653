import { ID, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PROOFS_BUCKET, paymentProofPath } from '@courtside/shop';
import { expectError } from '../support/expect-error.js';
import { smsTo } from '../support/outbox.js';
import { guestUser, type SdkUser } from '../support/sdk.js';
import { cartLine, createProduct, ids, png, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * Paying in advance (docs/shop.md §4): a bank-transfer order starts unpaid; its buyer uploads a
 * screenshot to the payment_proofs bucket, which only they and the owner read, and attaches it to
 * their own open order; the owner marks the order paid with the amount and the bank's reference,
 * or refunded, and the buyer hears of it. Every wrong way in gets a clear refusal.
 */

type Buyer = SdkUser & { me: Models.User<Models.Preferences> };

let w: ShopWorld;

beforeAll(async () => {
  w = await shopWorld({
    env: {
      PENDING_PAIRS_PER_PHONE: '50',
      PENDING_PAIRS_PER_ADDRESS: '50',
      PENDING_PAIRS_PER_CUSTOMER: '50',
    },
  });
});
afterAll(() => w.server.close());

let n = 0;
const freshNumber = () => `+92301${String(Date.now() % 1_000_000).padStart(6, '0')}${n++ % 10}`;

async function place(who: Buyer, over: Record<string, unknown> = {}) {
  const p = await createProduct(w, { stock: 1, price: 15_000, disc_price: 0 });
  return w.placeOrder(who, [cartLine(p)], 15_000, { email: who.me.email || undefined, ...over });
}

const upload = (who: SdkUser, file = png('payment.png'), permissions?: string[]) =>
  who.storage.createFile(PAYMENT_PROOFS_BUCKET, ID.unique(), file, permissions);

/** The shop's route, as the web app calls it. */
const sendProof = (who: SdkUser, orderId: string, fileId: unknown) =>
  who.client.call(
    'post',
    new URL(`${w.server.endpoint}${paymentProofPath(orderId)}`),
    { 'content-type': 'application/json' },
    { fileId },
  ) as Promise<Models.Document>;

const setOrder = (id: string, data: Record<string, unknown>) =>
  w.admin.databases.updateDocument(ids.database, ids.orders, id, data);

const refusedOrder = (message: string | RegExp) => ({
  code: 400,
  type: 'shop_order_invalid',
  message,
});
const refusedProof = (message: string) => ({ code: 400, type: 'shop_payment_invalid', message });

describe('a new order', () => {
  it('starts unpaid when paid by bank transfer, and has no payment state on delivery', async () => {
    const bank = await place(w.alice);
    expect(bank).toMatchObject({ payment_type: 'Bank', payment_state: 'unpaid' });
    expect(bank).toMatchObject({ payment_proof: null, paid_amount: null, paid_at: null });
    const cod = await place(w.alice, { payment_type: 'COD', price: 15_500 });
    expect(cod).toMatchObject({ payment_type: 'COD', payment_state: null });
  });

  it('refuses a client that sends its own payment state or record', async () => {
    for (const over of [
      { payment_state: 'paid' },
      { paid_amount: 15_000 },
      { paid_reference: 'TX1' },
      { payment_proof: 'someone-elses' },
      { paid_at: new Date().toISOString() },
    ]) {
      await expectError(
        place(w.bob, over),
        refusedOrder('Only the owner marks an order paid or refunded'),
      );
    }
    // null, as a form may send an empty field, is the server's default: unpaid.
    expect(await place(w.bob, { payment_state: null })).toMatchObject({ payment_state: 'unpaid' });
  });
});

describe('the payment_proofs bucket', () => {
  it('keeps a screenshot readable by its buyer and the owner only', async () => {
    const file = await upload(w.alice);
    expect(file).toMatchObject({ mimeType: 'image/png' });
    expect(await w.alice.storage.getFile(PAYMENT_PROOFS_BUCKET, file.$id)).toMatchObject({
      $id: file.$id,
    });
    expect(await w.admin.storage.getFile(PAYMENT_PROOFS_BUCKET, file.$id)).toMatchObject({
      $id: file.$id,
    });
    const notFound = { code: 404, type: 'storage_file_not_found' };
    await expectError(w.bob.storage.getFile(PAYMENT_PROOFS_BUCKET, file.$id), notFound);
    await expectError(w.visitor.storage.getFile(PAYMENT_PROOFS_BUCKET, file.$id), notFound);
    const guest = await guestUser(w.server);
    await expectError(guest.storage.getFile(PAYMENT_PROOFS_BUCKET, file.$id), notFound);
    // Nor its bytes, nor in a list.
    const view = `${w.server.endpoint}/storage/buckets/${PAYMENT_PROOFS_BUCKET}/files/${file.$id}/view?project=courtside`;
    expect((await fetch(view)).status).toBe(404);
    const listed = await w.bob.storage.listFiles(PAYMENT_PROOFS_BUCKET);
    expect(listed.files.map((f) => f.$id)).not.toContain(file.$id);
  });

  it('takes pictures only, told from their bytes, and at most 5 MB', async () => {
    const fake = new File(['this is not a picture at all'], 'screenshot.png', {
      type: 'image/png',
    });
    await expectError(upload(w.alice, fake), {
      code: 400,
      type: 'storage_file_type_unsupported',
    });
    const pdf = new File([Buffer.from('%PDF-1.4\n%....')], 'receipt.pdf');
    await expectError(upload(w.alice, pdf), { code: 400, type: 'storage_file_type_unsupported' });
    const head = Buffer.from((await png().arrayBuffer()) as ArrayBuffer);
    const big = new File([head, Buffer.alloc(5 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    await expectError(upload(w.alice, big), { code: 400, type: 'storage_invalid_file_size' });
  });

  it('takes no upload from a visitor without a session; a guest has one', async () => {
    await expectError(upload(w.visitor), { code: 401, type: 'user_unauthorized' });
    const guest = await guestUser(w.server);
    expect(await upload(guest)).toMatchObject({ mimeType: 'image/png' });
  });
});

describe("the buyer's screenshot on the order", () => {
  it('goes on their own bank order, which then waits for the owner to check it', async () => {
    const order = await place(w.alice);
    // Read first, by the buyer and the owner, so a kept read would show if it went stale.
    for (const who of [w.alice, w.admin]) {
      const before = await who.databases.getDocument(ids.database, ids.orders, order.$id);
      expect(before).toMatchObject({ payment_state: 'unpaid' });
    }
    const first = await upload(w.alice);
    const sent = await sendProof(w.alice, order.$id, first.$id);
    expect(sent).toMatchObject({ payment_state: 'proof_sent', payment_proof: first.$id });
    // The file is the owner's evidence now: the buyer reads it, no longer deletes it.
    const kept = await w.admin.storage.getFile(PAYMENT_PROOFS_BUCKET, first.$id);
    expect(kept.$permissions).toEqual([`read("user:${w.alice.me.$id}")`]);
    await expectError(w.alice.storage.deleteFile(PAYMENT_PROOFS_BUCKET, first.$id), {
      code: 401,
      type: 'user_unauthorized',
    });
    // A second screenshot replaces the first, which is deleted.
    const second = await upload(w.alice);
    const again = await sendProof(w.alice, order.$id, second.$id);
    expect(again).toMatchObject({ payment_state: 'proof_sent', payment_proof: second.$id });
    await expectError(w.admin.storage.getFile(PAYMENT_PROOFS_BUCKET, first.$id), {
      code: 404,
      type: 'storage_file_not_found',
    });
    for (const who of [w.alice, w.admin]) {
      const seen = await who.databases.getDocument(ids.database, ids.orders, order.$id);
      expect(seen).toMatchObject({ payment_state: 'proof_sent', payment_proof: second.$id });
    }
  });

  it("a guest's too, from the anonymous session it ordered with", async () => {
    const guest = await guestUser(w.server);
    const order = await place(guest, { phone: freshNumber(), email: undefined });
    const file = await upload(guest);
    expect(await sendProof(guest, order.$id, file.$id)).toMatchObject({
      payment_state: 'proof_sent',
    });
  });

  it("refuses another's order as no order at all, and another's file", async () => {
    const alices = await place(w.alice);
    const bobsFile = await upload(w.bob);
    await expectError(sendProof(w.bob, alices.$id, bobsFile.$id), {
      code: 404,
      type: 'shop_order_not_found',
      message: 'We found no such order of yours. Please open it from My Orders.',
    });
    await expectError(sendProof(w.bob, 'no-such-order', bobsFile.$id), {
      code: 404,
      type: 'shop_order_not_found',
    });
    const notYours = refusedProof(
      'This screenshot was not uploaded from your account. Please upload it again.',
    );
    await expectError(sendProof(w.alice, alices.$id, bobsFile.$id), notYours);
    await expectError(sendProof(w.alice, alices.$id, 'no-such-file'), notYours);
    // Even one Bob made readable by everyone signed in is not Alice's.
    const shared = await upload(w.bob, png(), ['read("users")']);
    await expectError(sendProof(w.alice, alices.$id, shared.$id), notYours);
    await expectError(sendProof(w.alice, alices.$id, '../etc'), {
      code: 400,
      type: 'general_argument_invalid',
    });
    await expectError(sendProof(w.alice, alices.$id, undefined), {
      code: 400,
      type: 'general_argument_invalid',
    });
    await expectError(sendProof(w.visitor, alices.$id, bobsFile.$id), {
      code: 401,
      type: 'user_unauthorized',
    });
    const unchanged = await w.alice.databases.getDocument(ids.database, ids.orders, alices.$id);
    expect(unchanged).toMatchObject({ payment_state: 'unpaid', payment_proof: null });
  });

  it('refuses a cash-on-delivery order, a paid one and a closed one', async () => {
    const file = await upload(w.alice);
    const cod = await place(w.alice, { payment_type: 'COD', price: 15_500 });
    await expectError(
      sendProof(w.alice, cod.$id, file.$id),
      refusedProof('This order is paid on delivery: it needs no payment screenshot.'),
    );
    const paid = await place(w.alice);
    await setOrder(paid.$id, { payment_state: 'paid', paid_amount: 15_000, paid_reference: 'T1' });
    await expectError(
      sendProof(w.alice, paid.$id, file.$id),
      refusedProof('This order is already marked paid: there is no need to send a screenshot.'),
    );
    const cancelled = await place(w.alice);
    await setOrder(cancelled.$id, { order_status: 'cancelled' });
    await expectError(
      sendProof(w.alice, cancelled.$id, file.$id),
      refusedProof('This order is no longer open, so it takes no payment screenshot.'),
    );
  });
});

describe("the owner's check", () => {
  it('marks a bank order paid with the amount and reference, and the buyer hears of it', async () => {
    const phone = freshNumber();
    const order = await place(w.alice, { phone });
    await sendProof(w.alice, order.$id, (await upload(w.alice)).$id);
    const paid = await setOrder(order.$id, {
      payment_state: 'paid',
      paid_amount: 15_000,
      paid_reference: '  MZN 88812345 ',
    });
    expect(paid).toMatchObject({
      payment_state: 'paid',
      paid_amount: 15_000,
      paid_reference: 'MZN 88812345',
    });
    expect(Date.parse(String(paid.paid_at))).toBeGreaterThan(Date.now() - 60_000);
    await w.server.app.shop!.idle();
    const texts = await smsTo(w.server.dataDir, phone);
    expect(texts.at(-1)).toMatch(/We have received your payment of Rs\.15,000 for order #/);
    // A correction of the reference keeps when it was paid.
    const fixed = await setOrder(order.$id, { paid_reference: 'MZN 88812346' });
    expect(fixed).toMatchObject({ paid_reference: 'MZN 88812346', paid_at: paid.paid_at });
    // The whole document sent back, as some clients do, changes nothing.
    const { $id, $createdAt, $updatedAt, $permissions, $collectionId, $databaseId, ...rest } =
      fixed;
    void [$id, $createdAt, $updatedAt, $permissions, $collectionId, $databaseId];
    expect(await setOrder(order.$id, rest)).toMatchObject({ payment_state: 'paid' });
    // Refunded, and told.
    expect(await setOrder(order.$id, { payment_state: 'refunded' })).toMatchObject({
      payment_state: 'refunded',
      paid_amount: 15_000,
    });
    await w.server.app.shop!.idle();
    expect((await smsTo(w.server.dataDir, phone)).at(-1)).toMatch(/We have refunded your payment/);
  });

  it('refuses a bad amount or reference, in words', async () => {
    const order = await place(w.alice);
    const mark = (more: Record<string, unknown>) =>
      setOrder(order.$id, { payment_state: 'paid', ...more });
    const amount = refusedOrder('The amount received is whole rupees, more than 0');
    const reference = refusedOrder(
      "The reference (the bank's transaction id) is 1 to 80 characters",
    );
    await expectError(mark({ paid_reference: 'TX1' }), amount);
    await expectError(mark({ paid_amount: null, paid_reference: 'TX1' }), amount);
    // What the schema refuses itself (an integer from 1), in its own words.
    const structure = { code: 400, type: 'document_invalid_structure', message: /paid_amount/ };
    for (const paid_amount of [0, -5, 99.5, '15000']) {
      await expectError(mark({ paid_amount, paid_reference: 'TX1' }), structure);
    }
    await expectError(mark({ paid_amount: 15_000 }), reference);
    await expectError(mark({ paid_amount: 15_000, paid_reference: '   ' }), reference);
    await expectError(mark({ paid_amount: 15_000, paid_reference: 'x'.repeat(81) }), {
      code: 400,
      type: 'document_invalid_structure',
      message: /paid_reference.*no longer than 80 chars/,
    });
    await expectError(
      setOrder(order.$id, { paid_amount: 15_000 }),
      refusedOrder('The amount and reference are recorded when the order is marked paid'),
    );
    const unchanged = await w.admin.databases.getDocument(ids.database, ids.orders, order.$id);
    expect(unchanged).toMatchObject({ payment_state: 'unpaid', paid_amount: null });
  });

  it('allows only the moves a payment can make', async () => {
    const order = await place(w.alice);
    await expectError(
      setOrder(order.$id, { payment_state: 'refunded' }),
      refusedOrder('A payment that is not paid yet cannot be marked refunded: it can become paid'),
    );
    await expectError(
      setOrder(order.$id, { payment_state: 'proof_sent' }),
      refusedOrder('Only the buyer sends a payment screenshot'),
    );
    await expectError(setOrder(order.$id, { payment_state: 'lost' }), {
      code: 400,
      type: 'document_invalid_structure',
      message: /payment_state.*unpaid, proof_sent, paid, refunded/,
    });
    await expectError(setOrder(order.$id, { payment_proof: 'x' }), refusedOrder(/Only the order/));
    await expectError(
      setOrder(order.$id, { paid_at: new Date().toISOString() }),
      refusedOrder(/Only the order/),
    );
    // A screenshot that matched no payment is turned down: unpaid again, the buyer told.
    const phone = freshNumber();
    const other = await place(w.alice, { phone });
    await sendProof(w.alice, other.$id, (await upload(w.alice)).$id);
    expect(await setOrder(other.$id, { payment_state: 'unpaid' })).toMatchObject({
      payment_state: 'unpaid',
    });
    await w.server.app.shop!.idle();
    expect((await smsTo(w.server.dataDir, phone)).at(-1)).toMatch(/We could not find your payment/);
    const cod = await place(w.alice, { payment_type: 'COD', price: 15_500 });
    await expectError(
      setOrder(cod.$id, { payment_state: 'paid', paid_amount: 15_500, paid_reference: 'X' }),
      refusedOrder('A cash-on-delivery order has no advance payment to mark'),
    );
  });

  it('is the owner’s alone', async () => {
    const order = await place(w.alice);
    await expectError(
      w.alice.databases.updateDocument(ids.database, ids.orders, order.$id, {
        payment_state: 'paid',
        paid_amount: 1,
        paid_reference: 'me',
      }),
      { code: 401, type: 'user_unauthorized', message: 'Only the shop owner can do this' },
    );
  });
});

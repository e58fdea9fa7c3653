import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FACTS, FACTS_PATH, SHOP_SETTINGS_ID, type ShopFacts } from '@courtside/shop';
import { expectError } from '../support/expect-error.js';
import { lastMailTo, smsTo } from '../support/outbox.js';
import {
  cartLine,
  createProduct,
  ids,
  order,
  saveSettings,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * The shop's facts (its name, numbers, links, bank and wallet accounts) are settings the owner
 * saves like the others: anyone reads them at /v1/shop/facts for the pages, the next e-mail and
 * text message say them, and a wrong value is refused in its field's words with nothing saved.
 */

let w: ShopWorld;
const settings = [ids.database, ids.settings] as const;
const facts = (who: ShopWorld['visitor']) =>
  who.client.call(
    'get',
    new URL(`${who.client.config.endpoint}${FACTS_PATH}`),
  ) as Promise<ShopFacts>;
const invalid = (message: string | RegExp) => ({
  code: 400,
  type: 'document_invalid_structure',
  message,
});
const hbl = { payee: 'Sana Malik', bank: 'HBL', number: '1234 5678 9012', iban: '' };

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

describe("the shop's facts", () => {
  it('are the defaults until the owner saves them, for anyone to read', async () => {
    expect(await facts(w.visitor)).toEqual(DEFAULT_FACTS);
  });

  it('are saved by the owner, cleaned, and read at once by everyone', async () => {
    await saveSettings(w, {
      name: 'Sneaker Bazaar',
      whatsapp: '0321-7654321',
      accounts: JSON.stringify([{ ...hbl, iban: 'pk36 scbl 0000 0011 2345 6702' }]),
      exchange_days: 7,
    });
    const saved = await w.admin.databases.getDocument(...settings, SHOP_SETTINGS_ID);
    expect(saved).toMatchObject({ whatsapp: '+923217654321' });
    expect(JSON.parse(saved.accounts as string)).toEqual([
      { ...hbl, iban: 'PK36SCBL0000001123456702' },
    ]);
    expect(await facts(w.alice)).toEqual({
      ...DEFAULT_FACTS,
      name: 'Sneaker Bazaar',
      whatsapp: '+923217654321',
      accounts: [{ ...hbl, iban: 'PK36SCBL0000001123456702' }],
      exchange_days: 7,
    });
  });

  it('refuses a wrong value in its words, and saves nothing of that change', async () => {
    const db = w.admin.databases;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ whatsapp: '042 35761234' }, /^WhatsApp number: enter a Pakistani mobile number/],
      [{ name: '   ' }, 'Shop name is required'],
      [{ email: 'owner@' }, 'Email address must be a valid address'],
      [{ facebook: 'facebook.com/me' }, /^Facebook link must be a web address/],
      [{ accounts: 'not json' }, 'The accounts must be a list, as JSON text'],
      [
        { accounts: JSON.stringify([hbl, { ...hbl, bank: '' }]) },
        'Account 2: bank or wallet is required',
      ],
      [{ accounts: JSON.stringify([{ ...hbl, iban: 'PK12' }]) }, /^Account 1: IBAN must be/],
    ];
    for (const [patch, message] of cases) {
      // The good value beside the wrong one is not saved either.
      await expectError(
        db.updateDocument(...settings, SHOP_SETTINGS_ID, { tagline: 'Half saved?', ...patch }),
        invalid(message),
      );
    }
    await expectError(
      db.updateDocument(...settings, SHOP_SETTINGS_ID, { exchange_days: 61 }),
      invalid(/^Invalid document structure: Attribute "exchange_days" has invalid format/),
    );
    const now = await facts(w.visitor);
    expect(now.tagline).toBe(DEFAULT_FACTS.tagline);
    expect(now.name).toBe('Sneaker Bazaar');
    expect(now.exchange_days).toBe(7);
  });

  it("sign the next order's e-mail and text message, with the accounts to pay", async () => {
    const p = await createProduct(w, { price: 15_000, disc_price: 0, stock: 3 });
    await w.alice.databases.createDocument(
      ids.database,
      ids.orders,
      ID.unique(),
      order(w.alice.me.$id, [cartLine(p)], 15_000, { payment_type: 'Bank' }),
    );
    await w.server.app.shop?.idle();
    const mail = await lastMailTo(w.server.dataDir, 'ayesha@example.pk');
    expect(mail.subject).toMatch(/^Your Sneaker Bazaar order #/);
    expect(mail.text).toContain(
      'HBL: 1234 5678 9012 (IBAN PK36 SCBL 0000 0011 2345 6702), Sana Malik',
    );
    expect(mail.text).toContain('on WhatsApp (0321 7654321)');
    expect(mail.text).toContain(`Sneaker Bazaar, ${DEFAULT_FACTS.address}`);
    const [sms] = (await smsTo(w.server.dataDir, '+923001234567')).slice(-1);
    expect(sms).toMatch(/^Sneaker Bazaar: thank you for your order #/);
  });
});

import {
  CODE_CHECK_PATH,
  CODE_MESSAGES,
  codeExpiredMessage,
  WELCOME_PERCENT,
} from '@courtside/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { signedInUser, type SdkUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  shopWorld,
  type ShopWorld,
  subscribeAndReadCode,
} from '../support/shop.js';

/** The code box's check: a welcome code is judged when it is applied, not at Place Order. */

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

const check = (who: SdkUser, code: string) =>
  who.client.call(
    'get',
    new URL(`${who.client.config.endpoint}${CODE_CHECK_PATH}${encodeURIComponent(code)}`),
  ) as Promise<{ code: string; percent: number }>;

const invalidCode = (message: string) => ({ code: 400, type: 'shop_code_invalid', message });

describe('the code box check', () => {
  it('takes the customer’s own unused code, as typed, with its percentage', async () => {
    const gina = await signedInUser(w.server, 'Gina');
    const code = await subscribeAndReadCode(w, gina.me.email);
    expect(await check(gina, ` ${code.toLowerCase()} `)).toMatchObject({
      code,
      percent: WELCOME_PERCENT,
    });
    // Checking spends nothing: the order still takes it.
    const p = await createProduct(w, { stock: 2, price: 10_000, disc_price: null });
    const placed = await w.placeOrder(gina, [cartLine(p)], 9_000, { code });
    expect(placed).toMatchObject({ code, discount: 1_000 });
    await expectError(check(gina, code), invalidCode(CODE_MESSAGES.used));
  });

  it('refuses made-up, malformed, someone else’s and later-order codes with their reasons', async () => {
    const hina = await signedInUser(w.server, 'Hina');
    const code = await subscribeAndReadCode(w, hina.me.email);
    await expectError(check(hina, 'CS10-AAAAAAAA'), invalidCode(CODE_MESSAGES.unknown));
    await expectError(check(hina, 'SAVE 10%!'), invalidCode(CODE_MESSAGES.malformed));
    await expectError(check(w.bob, code), invalidCode(CODE_MESSAGES.notYours));
    const p = await createProduct(w, { stock: 2, price: 10_000, disc_price: null });
    await w.placeOrder(hina, [cartLine(p)], 10_000);
    await expectError(check(hina, code), invalidCode(CODE_MESSAGES.notFirst));
  });

  it('refuses an expired code at Apply and at the order, saying the day it expired', async () => {
    const jana = await signedInUser(w.server, 'Jana');
    const code = await subscribeAndReadCode(w, jana.me.email);
    // The owner sets the code's last moment (the admin-only codes collection).
    await w.admin.databases.updateDocument(ids.database, ids.codes, code, {
      expires: '2020-03-31T12:00:00.000+00:00',
    });
    const expired = invalidCode(codeExpiredMessage('2020-03-31T12:00:00.000+00:00'));
    expect(expired.message).toBe('This code expired on 31 Mar 2020');
    await expectError(check(jana, code), expired);
    const p = await createProduct(w, { stock: 2, price: 10_000, disc_price: null });
    await expectError(w.placeOrder(jana, [cartLine(p)], 9_000, { code }), expired);
    // A later last day makes it good again.
    await w.admin.databases.updateDocument(ids.database, ids.codes, code, {
      expires: '2999-01-01T00:00:00.000+00:00',
    });
    expect(await check(jana, code)).toMatchObject({ code, percent: WELCOME_PERCENT });
  });

  it('tells a guest to sign in for a welcome code', async () => {
    const code = await subscribeAndReadCode(w, 'ijaz@example.pk');
    for (const typed of [code, 'CS10-AAAAAAAA']) {
      await expectError(check(w.visitor, typed), {
        code: 401,
        type: 'user_unauthorized',
        message: CODE_MESSAGES.signIn,
      });
    }
  });
});

describe('the code box check under rate limits', () => {
  it('gives an account ten tries in ten minutes, then refuses', async () => {
    const limited = await shopWorld({ env: { RATE_LIMITS: 'on' } });
    try {
      for (let i = 0; i < 10; i++) {
        await expectError(
          check(limited.alice, 'CS10-AAAAAAAA'),
          invalidCode(CODE_MESSAGES.unknown),
        );
      }
      await expectError(check(limited.alice, 'CS10-BBBBBBBB'), {
        code: 429,
        type: 'general_rate_limit_exceeded',
      });
      // Another account is not held back by Alice's tries.
      await expectError(check(limited.bob, 'CS10-AAAAAAAA'), invalidCode(CODE_MESSAGES.unknown));
    } finally {
      await limited.server.close();
    }
  });
});

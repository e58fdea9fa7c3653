import { describe, expect, it } from 'vitest';
import {
  confirmPath,
  confirmUrl,
  confirmUsedMessage,
  parseConfirmToken,
  readShopSettings,
} from '../src/index.js';

/** The buyer's confirmation link and its settings (order-confirm.ts, shop-settings.ts). */

const KEY = 'AbCdEfGhIjKlMnOpQrStUv_-';

describe('the confirmation link', () => {
  it('is /confirm/<order id>.<key>, read back into its parts', () => {
    expect(confirmPath('a1b2c3', KEY)).toBe(`/confirm/a1b2c3.${KEY}`);
    expect(confirmUrl('https://courtside.pk/', 'a1b2c3', KEY)).toBe(
      `https://courtside.pk/confirm/a1b2c3.${KEY}`,
    );
    expect(parseConfirmToken(`a1b2c3.${KEY}`)).toEqual({ order: 'a1b2c3', key: KEY });
  });

  it('is not read from anything else', () => {
    for (const token of ['', 'a1b2c3', `.${KEY}`, 'a1b2c3.short', `a/b.${KEY}`, `a1.${KEY}!`]) {
      expect(parseConfirmToken(token), token).toBeNull();
    }
  });

  it('says where an order that moved on stands', () => {
    expect(confirmUsedMessage('confirmed', false, { confirmed_by: 'buyer' })).toMatch(
      /^You have already confirmed this order/,
    );
    expect(confirmUsedMessage('confirmed', false, { confirmed_by: 'owner' })).toMatch(
      /^This order is already confirmed/,
    );
    expect(confirmUsedMessage('confirmed', true)).toMatch(/already on its way/);
    expect(confirmUsedMessage('cancelled', false, { cancelled_by: 'buyer' })).toMatch(
      /already cancelled/,
    );
    expect(confirmUsedMessage('cancelled', false, { cancelled_by: 'expiry' })).toMatch(
      /has expired/,
    );
  });
});

describe('the confirmation settings', () => {
  it('default to 12 hours, a reminder after 2, shipping only once confirmed', () => {
    expect(readShopSettings(null)).toMatchObject({
      confirm_hours: 12,
      confirm_reminder_hours: 2,
      confirm_before_shipping: true,
    });
  });

  it('keep what was saved in range, and read anything else as the default', () => {
    expect(
      readShopSettings({
        confirm_hours: 1,
        confirm_reminder_hours: 0,
        confirm_before_shipping: false,
      }),
    ).toMatchObject({
      confirm_hours: 1,
      confirm_reminder_hours: 0,
      confirm_before_shipping: false,
    });
    expect(
      readShopSettings({
        confirm_hours: 0,
        confirm_reminder_hours: 721,
        confirm_before_shipping: 'no',
      }),
    ).toMatchObject({
      confirm_hours: 12,
      confirm_reminder_hours: 2,
      confirm_before_shipping: true,
    });
  });
});

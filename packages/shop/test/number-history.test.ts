import { describe, expect, it } from 'vitest';
import {
  blockReasonError,
  cityKey,
  cleanCities,
  codRefusal,
  codSettingError,
  countHistory,
  numberDocId,
  numberLabel,
  readShopSettings,
  type CodSettings,
} from '../src/index.js';

const RULES = { risky_at_refusals: 1, trusted_at_deliveries: 2 };

describe('a number’s history', () => {
  it('counts delivered, refused (returned, or cancelled after shipping) and cancelled', () => {
    const counts = countHistory([
      { order_status: 'completed' },
      { order_status: 'completed', tracking_number: 'T1' },
      { order_status: 'returned', tracking_number: 'T2' },
      { order_status: 'cancelled', tracking_number: 'T3' },
      { order_status: 'cancelled', tracking_number: null },
      { order_status: 'cancelled' },
      { order_status: 'pending' },
      { order_status: 'confirmed', tracking_number: 'T4' },
    ]);
    expect(counts).toEqual({ delivered: 2, refused: 2, cancelled: 2 });
  });

  it('is labelled blocked, risky, trusted or new by the owner’s thresholds', () => {
    const c = (delivered: number, refused: number) => ({ delivered, refused, cancelled: 0 });
    expect(numberLabel(c(5, 0), true, RULES)).toBe('blocked');
    expect(numberLabel(c(5, 1), false, RULES)).toBe('risky');
    expect(numberLabel(c(5, 1), false, { ...RULES, risky_at_refusals: 2 })).toBe('trusted');
    expect(numberLabel(c(2, 0), false, RULES)).toBe('trusted');
    expect(numberLabel(c(1, 0), false, RULES)).toBe('new');
    expect(numberLabel(c(0, 0), false, RULES)).toBe('new');
  });

  it('keys a number by its digits whatever the form it is typed in', () => {
    for (const typed of ['0300 1234567', '+92 300 1234567', '923001234567', ' 0300-1234567 ']) {
      expect(numberDocId(typed)).toBe('923001234567');
    }
    expect(numberDocId('12345')).toBeNull();
  });

  it('needs a reason to block, of at most 200 characters', () => {
    expect(blockReasonError('', true)).toMatch(/Say why/);
    expect(blockReasonError('   ', true)).toMatch(/Say why/);
    expect(blockReasonError(undefined, true)).toMatch(/Say why/);
    expect(blockReasonError(5, true)).toMatch(/Say why/);
    expect(blockReasonError('x'.repeat(201), true)).toMatch(/at most 200/);
    expect(blockReasonError('Refused twice', true)).toBeNull();
    expect(blockReasonError('', false)).toBeNull();
  });
});

describe('the cash-on-delivery rules', () => {
  const rules: CodSettings = { cod_max_value: 0, cod_cities: [], advance_for_risky: true };
  const order = { label: 'new' as const, city: 'Lahore', total: 20_000 };
  const wa = '+923001234567';

  it('offer COD by default', () => {
    expect(codRefusal(order, rules, wa)).toBeNull();
  });

  it('refuse blocked numbers always and risky ones when the owner asks', () => {
    const blocked = codRefusal(
      { ...order, label: 'blocked' },
      { ...rules, advance_for_risky: false },
      wa,
    );
    expect(blocked).toEqual({
      rule: 'number',
      message:
        'Cash on delivery is not available for this mobile number. Please pay in advance by bank transfer, or WhatsApp us at 0300 1234567.',
    });
    expect(codRefusal({ ...order, label: 'risky' }, rules, wa)?.rule).toBe('number');
    expect(
      codRefusal({ ...order, label: 'risky' }, { ...rules, advance_for_risky: false }, wa),
    ).toBeNull();
  });

  it('offer COD only in the listed cities, however the city is typed', () => {
    const only = { ...rules, cod_cities: ['Lahore', 'Dera Ghazi Khan'] };
    expect(codRefusal({ ...order, city: '  lahore ' }, only, wa)).toBeNull();
    expect(codRefusal({ ...order, city: 'dera ghazi-khan' }, only, wa)).toBeNull();
    expect(codRefusal({ ...order, city: 'Quetta' }, only, wa)).toMatchObject({
      rule: 'city',
      message: expect.stringMatching(/^Cash on delivery is not offered in Quetta\. Please pay/),
    });
    expect(cityKey(' Mirpur  Khas ')).toBe('mirpur khas');
  });

  it('refuse orders above the largest COD value (0: no limit)', () => {
    const max = { ...rules, cod_max_value: 20_000 };
    expect(codRefusal(order, max, wa)).toBeNull();
    expect(codRefusal({ ...order, total: 20_001 }, max, wa)).toMatchObject({
      rule: 'max_value',
      message: expect.stringMatching(/up to Rs\.20,000\./),
    });
  });
});

describe('the risk and COD settings', () => {
  it('read as their defaults until saved, and broken values too', () => {
    const s = readShopSettings(null);
    expect(s).toMatchObject({
      risky_at_refusals: 1,
      trusted_at_deliveries: 2,
      cod_max_value: 0,
      cod_cities: [],
      advance_for_risky: true,
    });
    const broken = readShopSettings({
      risky_at_refusals: 0,
      cod_cities: '{',
      advance_for_risky: 'x',
    } as never);
    expect(broken).toMatchObject({ risky_at_refusals: 1, cod_cities: [], advance_for_risky: true });
    expect(readShopSettings({ cod_cities: '["Lahore"]' } as never).cod_cities).toEqual(['Lahore']);
  });

  it('are refused in the owner’s words when wrong', () => {
    expect(codSettingError('risky_at_refusals', 0)).toMatch(/whole number from 1 to 100/);
    expect(codSettingError('trusted_at_deliveries', 1.5)).toMatch(/whole number from 1 to 100/);
    expect(codSettingError('cod_max_value', -1)).toMatch(/whole rupees from 0 to 100,000,000/);
    expect(codSettingError('advance_for_risky', 'yes')).toMatch(/on or off/);
    expect(codSettingError('cod_cities', 'Lahore')).toMatch(/list of city names/);
    expect(codSettingError('cod_cities', '[""]')).toMatch(/needs a name/);
    expect(codSettingError('cod_cities', JSON.stringify(['x'.repeat(61)]))).toMatch(/at most 60/);
    expect(codSettingError('cod_cities', '["Lahore"]')).toBeNull();
    expect(codSettingError('low_stock', -5)).toBeNull();
  });

  it('keep cities spelt as the list has them, each once', () => {
    expect(cleanCities(['lahore', ' LAHORE ', 'dera ghazi khan', '  my   town '])).toEqual([
      'Lahore',
      'Dera Ghazi Khan',
      'my town',
    ]);
  });
});

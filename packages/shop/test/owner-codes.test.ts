import { describe, expect, it } from 'vitest';
import {
  codeStatus,
  isCodeName,
  isoToPakistanInput,
  offerDiscount,
  offerOfCode,
  offerRefusal,
  ownerCodeError,
  pakistanInputToIso,
  priceOrder,
  DEFAULT_CHARGES,
} from '../src/index.js';

const now = new Date('2026-11-28T12:00:00.000Z');
const lines = [
  { $id: 'k1', category: 'kyrie', price: 20_000, disc_price: 15_000, quantity: 2 },
  { $id: 'a1', category: 'adidas', price: 10_000, disc_price: 0, quantity: 1 },
];

describe('owner codes', () => {
  it('take names like EID15 and the welcome codes, nothing else', () => {
    expect(isCodeName('EID15')).toBe(true);
    expect(isCodeName('CS10-ABCDEFGH')).toBe(true);
    expect(isCodeName('AB')).toBe(false);
    expect(isCodeName('SAVE10%')).toBe(false);
  });

  it('have a status: off, used up, expired, scheduled, else active', () => {
    expect(codeStatus({}, now)).toBe('active');
    expect(codeStatus({ starts: '2026-12-01T00:00:00.000Z' }, now)).toBe('scheduled');
    expect(codeStatus({ expires: '2026-11-01T00:00:00.000Z' }, now)).toBe('expired');
    expect(codeStatus({ max_uses: 3, uses: 3, expires: '2026-11-01T00:00:00.000Z' }, now)).toBe(
      'used up',
    );
    expect(codeStatus({ off: true, max_uses: 3, uses: 3 }, now)).toBe('off');
  });

  it('refuse what makes no sense, in the owner’s words', () => {
    expect(ownerCodeError({ percent: 15 })).toBeNull();
    expect(ownerCodeError({ percent: 15, amount_off: 500 })).toMatch(/either a percentage/);
    expect(ownerCodeError({ percent: 150 })).toMatch(/1 to 100/);
    expect(ownerCodeError({ amount_off: 500, max_uses: 0 })).toMatch(/Total uses/);
    expect(ownerCodeError({ percent: 5, brands: ['reebok'] })).toBe('There is no brand "reebok"');
  });

  it('take a percentage or rupees off the pairs they are for, above their minimum', () => {
    const nike = { ...offerOfCode({ $id: 'N', kind: 'owner', percent: 10, brands: ['nike'] }) };
    expect(offerDiscount(nike, lines)).toBe(3_000);
    const fixed = offerOfCode({ $id: 'F', kind: 'owner', amount_off: 50_000 });
    // Never more than the pairs cost.
    expect(offerDiscount(fixed, lines)).toBe(40_000);
    const min = offerOfCode({ $id: 'M', kind: 'owner', percent: 10, min_order: 50_000 });
    expect(offerRefusal(min, lines)).toBe(
      'This code needs an order of Rs.50,000 or more: add Rs.10,000 more',
    );
    expect(offerDiscount(min, lines)).toBe(0);
    const jordan = offerOfCode({ $id: 'J', kind: 'owner', percent: 10, brands: ['jordan'] });
    expect(offerRefusal(jordan, lines)).toBe(
      'This code is for Jordan pairs only: none of them is in your cart',
    );
    expect(priceOrder(lines, 'COD', DEFAULT_CHARGES, nike)).toMatchObject({
      subtotal: 40_000,
      discount: 3_000,
      total: 37_000 + DEFAULT_CHARGES.codFee,
    });
  });

  it('read date fields as Pakistan time', () => {
    expect(pakistanInputToIso('2026-12-04T18:00')).toBe('2026-12-04T13:00:00.000Z');
    expect(isoToPakistanInput('2026-12-04T13:00:00.000Z')).toBe('2026-12-04T18:00');
  });
});

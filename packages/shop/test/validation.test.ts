import { describe, expect, it } from 'vitest';
import {
  composeOrderAddress,
  formatPakistaniMobile,
  isEmail,
  normalizePakistaniMobile,
  orderNumberText,
} from '../src/index.js';
import { checkoutSchema, productFormSchema, signupSchema } from '../src/validation.js';

describe('e-mail', () => {
  it.each(['ali@example.com', 'a.b+shoes@sub.example.pk', "o'neil@x.io"])('accepts %s', (e) => {
    expect(isEmail(e)).toBe(true);
  });
  it.each(['', 'ali', 'ali@', '@x.com', 'a b@x.com', 'ali@x', 'a..b@x.com', 'ali@-x.com'])(
    'refuses %s',
    (e) => {
      expect(isEmail(e)).toBe(false);
    },
  );
});

describe('Pakistani mobile numbers (D17)', () => {
  it.each([
    ['03001234567', '+923001234567'],
    ['0300-1234567', '+923001234567'],
    ['+92 300 1234567', '+923001234567'],
    ['0092 345 1234567', '+923451234567'],
    ['923211234567', '+923211234567'],
  ])('normalises %s', (input, out) => {
    expect(normalizePakistaniMobile(input)).toBe(out);
  });
  it.each(['0421234567', '+14155550100', '0300123456', '03001234567890', 'phone'])(
    'refuses %s',
    (input) => {
      expect(normalizePakistaniMobile(input)).toBeNull();
    },
  );
});

describe('checkout', () => {
  it('takes an order with a number and no e-mail (a guest); an e-mail given must be one', () => {
    const fields = {
      firstname: 'Ali',
      address: '12 Mall Rd',
      city: 'Multan',
      phone: '0301 2345678',
    };
    expect(checkoutSchema.parse(fields).email).toBe('');
    expect(checkoutSchema.parse({ ...fields, email: '  ' }).email).toBe('');
    expect(checkoutSchema.safeParse({ ...fields, email: 'ali@' }).success).toBe(false);
  });

  it('needs first name, address, city and phone, and a well-formed e-mail if any; defaults to bank transfer', () => {
    const bad = checkoutSchema.safeParse({
      firstname: '',
      address: '',
      city: ' ',
      phone: '123',
      email: 'x',
    });
    expect(bad.success).toBe(false);
    const fields = bad.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(
      expect.arrayContaining(['firstname', 'address', 'city', 'phone', 'email']),
    );
    expect(bad.error!.issues.find((i) => i.path[0] === 'city')?.message).toBe('City is required');
    const ok = checkoutSchema.parse({
      firstname: 'Ali',
      address: '12 Mall Rd',
      city: ' Lahore ',
      phone: '0300 1234567',
      email: 'a@b.pk',
    });
    expect(ok).toMatchObject({
      payment: 'Bank',
      phone: '+923001234567',
      lastname: '',
      city: 'Lahore',
      etcaddress: '',
    });
  });

  it('composes the order address the spec way', () => {
    expect(
      composeOrderAddress({ address: '12 Mall Road', city: 'Lahore', etcaddress: 'Flat 3' }),
    ).toBe('12 Mall Road city: Lahore Flat 3');
  });
});

describe('forms', () => {
  it('sign-up messages', () => {
    const r = signupSchema.safeParse({ name: ' ', email: 'nope', password: 'short' });
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      'Name is required',
      'Email address must be a valid address',
      'Password must be at least 8 characters',
    ]);
  });

  const kobe = {
    title: 'Kobe 6',
    description: 'Grinch',
    category: 'kobe',
    size: 44.5,
    condition: 9,
    price: 30000,
    disc_price: 25000,
    stock: 1,
    stoke: 'true',
    draft: false,
  };
  const fieldsFailing = (over: Record<string, unknown>) =>
    productFormSchema.safeParse({ ...kobe, ...over }).error?.issues.map((i) => i.path[0]) ?? [];

  it('product form refuses a discount above the price and fractional rupees', () => {
    expect(productFormSchema.safeParse(kobe).success).toBe(true);
    expect(fieldsFailing({ disc_price: 31000 })).toEqual(['disc_price']);
    expect(fieldsFailing({ price: 100.5 })).toEqual(['price']);
    expect(fieldsFailing({ category: 'boots' })).toEqual(['category']);
  });

  it('product form takes what imported products hold: any positive size, condition 0 to 10 (D1)', () => {
    for (const over of [
      { size: 9 },
      { size: 9.25 },
      { size: 47.33 },
      { condition: 7.3 },
      { condition: 0 },
      { condition: 10 },
      { disc_price: 0 },
      { disc_price: 30000 },
      { price: 1, disc_price: 0 },
    ]) {
      expect(fieldsFailing(over), JSON.stringify(over)).toEqual([]);
    }
  });

  it('product form refuses what is not a size, a condition out of 10 or a price', () => {
    expect(fieldsFailing({ size: 0 })).toEqual(['size']);
    expect(fieldsFailing({ size: -3 })).toEqual(['size']);
    expect(fieldsFailing({ size: Number.NaN })).toEqual(['size']);
    expect(fieldsFailing({ condition: 10.5 })).toEqual(['condition']);
    expect(fieldsFailing({ condition: -1 })).toEqual(['condition']);
    expect(fieldsFailing({ price: 0, disc_price: 0 })).toEqual(['price']);
    expect(fieldsFailing({ disc_price: -1 })).toEqual(['disc_price']);
    // The limits of the stored attributes (apps/server/src/shop/appwrite.json).
    expect(fieldsFailing({ size: 101 })).toEqual(['size']);
    expect(fieldsFailing({ price: 100_000_001, disc_price: 0 })).toEqual(['price']);
  });

  it('product form needs a stock of at least 1 for an in-stock product', () => {
    const base = {
      title: 'KD 4',
      description: 'Nerf',
      category: 'kd',
      size: 45,
      condition: 8,
      price: 20000,
      disc_price: 0,
      stock: 0,
      draft: false,
    };
    const r = productFormSchema.safeParse({ ...base, stoke: 'true' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      path: ['stock'],
      message: 'In Stock needs at least 1 pair',
    });
    expect(productFormSchema.safeParse({ ...base, stoke: 'false' }).success).toBe(true);
  });
});

describe('how the shop prints numbers', () => {
  it('a mobile number as people dial it, 0301 2345678, whatever way it was typed', () => {
    for (const typed of ['+923012345678', '+92 301 2345678', '0301-2345678', '00923012345678']) {
      expect(formatPakistaniMobile(typed)).toBe('0301 2345678');
    }
    expect(formatPakistaniMobile('12345')).toBe('12345');
  });

  it('an order number in upper case', () => {
    expect(orderNumberText('a4d2dd')).toBe('#A4D2DD');
  });
});

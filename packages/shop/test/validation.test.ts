import { describe, expect, it } from 'vitest';
import { composeOrderAddress, isEmail, normalizePakistaniMobile } from '../src/index.js';
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
  it('needs first name, address, phone and e-mail; defaults to bank transfer', () => {
    const bad = checkoutSchema.safeParse({ firstname: '', address: '', phone: '123', email: 'x' });
    expect(bad.success).toBe(false);
    const fields = bad.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['firstname', 'address', 'phone', 'email']));
    const ok = checkoutSchema.parse({
      firstname: 'Ali',
      address: '12 Mall Rd',
      phone: '0300 1234567',
      email: 'a@b.pk',
    });
    expect(ok).toMatchObject({ payment: 'Bank', phone: '+923001234567', lastname: '', city: '' });
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

  it('product form refuses a discount above the price and fractional rupees', () => {
    const base = {
      title: 'Kobe 6',
      description: 'Grinch',
      category: 'kobe',
      size: 44.5,
      condition: 9,
      price: 30000,
      disc_price: 25000,
      stock: 1,
      stoke: 'true',
    };
    expect(productFormSchema.safeParse(base).success).toBe(true);
    expect(productFormSchema.safeParse({ ...base, disc_price: 31000 }).success).toBe(false);
    expect(productFormSchema.safeParse({ ...base, price: 100.5 }).success).toBe(false);
    expect(productFormSchema.safeParse({ ...base, category: 'boots' }).success).toBe(false);
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

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/http/error-handler.js';

/** A database error as the pg driver raises it: an Error with PostgreSQL's SQLSTATE code. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('the one place errors become responses', () => {
  it('answers 400 when PostgreSQL refuses a text value (NUL, \\u0000 in JSON), not 500', async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler('1.4.13'));
    app.get('/nul', async () => {
      throw pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00');
    });
    app.get('/escape', async () => {
      throw pgError('22P05', 'unsupported Unicode escape sequence');
    });
    app.get('/other', async () => {
      throw pgError('57P01', 'terminating connection due to administrator command');
    });
    for (const path of ['/nul', '/escape']) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Text values must not hold NUL characters.',
        code: 400,
        type: 'general_argument_invalid',
        version: '1.4.13',
      });
    }
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toMatchObject({ type: 'general_unknown' });
    await app.close();
  });
});

describe('error types registered above the core', () => {
  it("carries the shop's refusals with their status and message once the shop defines them", async () => {
    const { shopError } = await import('../../src/shop/errors.js');
    const e = shopError('shop_price_changed');
    expect([e.status, e.message, e.type]).toEqual([
      409,
      'Prices changed, please review your cart',
      'shop_price_changed',
    ]);
    expect(shopError('shop_order_invalid', 'Your cart is empty').status).toBe(400);
  });

  it('refuses a type registered twice with other defaults, and allows the same again', async () => {
    const { registerErrorTypes } = await import('../../src/protocol/error-catalogue.js');
    registerErrorTypes({ test_twice: [418, 'Once'] });
    expect(() => registerErrorTypes({ test_twice: [418, 'Once'] })).not.toThrow();
    expect(() => registerErrorTypes({ test_twice: [400, 'Twice'] })).toThrow(/already registered/);
    expect(() => registerErrorTypes({ general_unknown: [400, 'Other'] })).toThrow();
  });
});

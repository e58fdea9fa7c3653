import { describe, expect, it } from 'vitest';
import {
  opensList,
  ordersFilterParams,
  ordersQueries,
  parseOrdersFilter,
  searchOf,
} from '../src/features/dashboard/orders/orders-filters';
import { Query } from 'appwrite';
import { order } from './support/dashboard';

describe("the orders list's address", () => {
  it('reads the search, status, payment, view and page, dropping what does not parse', () => {
    expect(
      parseOrdersFilter(
        new URLSearchParams('q=%20Ali%20&status=cancelled&payment=COD&view=proof&page=3'),
      ),
    ).toEqual({
      q: 'Ali',
      status: 'cancelled',
      payment: 'COD',
      view: 'proof',
      page: 3,
    });
    expect(
      parseOrdersFilter(new URLSearchParams('status=lost&payment=card&view=all&page=-1')),
    ).toEqual({
      q: '',
      status: null,
      payment: null,
      view: null,
      page: 1,
    });
    expect(parseOrdersFilter(new URLSearchParams('page=9999')).page).toBe(1);
  });

  it('writes only what differs from the whole list', () => {
    const filter = { q: 'Ali', status: null, payment: 'Bank' as const, view: null, page: 1 };
    expect(ordersFilterParams(filter).toString()).toBe('q=Ali&payment=Bank');
    expect(ordersFilterParams({ ...filter, view: 'awaiting' }).toString()).toBe(
      'q=Ali&payment=Bank&view=awaiting',
    );
    expect(parseOrdersFilter(ordersFilterParams({ ...filter, page: 2 }))).toEqual({
      ...filter,
      page: 2,
    });
  });
});

describe('what a search looks for', () => {
  it.each([
    ['a1b2c3', { by: 'number', value: 'a1b2c3' }],
    ['#A1B2C3', { by: 'number', value: 'a1b2c3' }],
    ['0300 1234567', { by: 'phone', value: '+923001234567' }],
    ['+92 300-1234567', { by: 'phone', value: '+923001234567' }],
    ['3001234567', { by: 'phone', value: '+923001234567' }],
    ['1234567', { by: 'partial-phone', value: '1234567' }],
    ['3012345', { by: 'partial-phone', value: '3012345' }],
    ['0301', { by: 'partial-phone', value: '92301' }],
    ['0301-23', { by: 'partial-phone', value: '9230123' }],
    ['+92301', { by: 'partial-phone', value: '92301' }],
    ['0092301', { by: 'partial-phone', value: '92301' }],
    ['0023', { by: 'partial-phone', value: '0023' }],
    ['03', { by: 'too-short', value: '03' }],
    ['Ayesha Khan', { by: 'name', value: 'Ayesha Khan' }],
  ])('%s', (q, expected) => {
    expect(searchOf(q)).toEqual(expected);
  });

  it('is nothing for an empty box', () => {
    expect(searchOf('  ')).toBeNull();
  });
});

describe('where a new order shows at once', () => {
  const pending = order('fff001', { order_status: 'pending', payment_type: 'COD' });
  it('tops the first page of a list it matches, never a search or a later page', () => {
    const all = { q: '', status: null, payment: null, view: null, page: 1 };
    expect(opensList(all, pending)).toBe(true);
    expect(opensList({ ...all, status: 'pending', payment: 'COD' }, pending)).toBe(true);
    expect(opensList({ ...all, status: 'completed' }, pending)).toBe(false);
    expect(opensList({ ...all, payment: 'Bank' }, pending)).toBe(false);
    expect(opensList({ ...all, page: 2 }, pending)).toBe(false);
    expect(opensList({ ...all, q: 'Ali' }, pending)).toBe(false);
    expect(opensList({ ...all, view: 'awaiting' }, pending)).toBe(false);
  });
});

describe('the views of what needs the owner', () => {
  const all = { q: '', status: null, payment: null, view: null, page: 1 };
  const newest = [Query.orderDesc('$createdAt'), Query.limit(25)];
  it('ask for the orders each one names', () => {
    expect(ordersQueries({ ...all, view: 'awaiting' }, 25)).toEqual([
      Query.equal('order_status', 'pending'),
      Query.equal('payment_type', 'COD'),
      ...newest,
    ]);
    expect(ordersQueries({ ...all, view: 'buyer-confirmed' }, 25)).toEqual([
      Query.equal('order_status', 'confirmed'),
      Query.equal('confirmed_by', 'buyer'),
      ...newest,
    ]);
    expect(ordersQueries({ ...all, view: 'proof' }, 25)).toEqual([
      Query.equal('order_status', ['pending', 'confirmed']),
      Query.equal('payment_state', 'proof_sent'),
      ...newest,
    ]);
  });

  it('find the open orders of the risky numbers, and nothing when there are none', () => {
    expect(ordersQueries({ ...all, view: 'risky' }, 25, ['+923001234567'])).toEqual([
      Query.equal('order_status', ['pending', 'confirmed']),
      Query.equal('phone', ['+923001234567']),
      ...newest,
    ]);
    expect(ordersQueries({ ...all, view: 'risky' }, 25, [])).toBeNull();
  });
});

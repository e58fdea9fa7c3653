import { DELIVERY_ESTIMATE_ID } from '@courtside/shop';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstPage } from '../src/app/first-page';
import { makeStore } from '../src/app/store';
import { client, databases } from '../src/lib/appwrite';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a page's data asked for before the app's first render", () => {
  it("checkout: the order summary's delivery estimate and the shop's charges, beside the session lookup", async () => {
    const read = vi.spyOn(databases, 'getDocument').mockResolvedValue({
      $id: DELIVERY_ESTIMATE_ID,
      $updatedAt: '',
      title: 'Delivery estimate',
      body: '3-5 working days',
    } as never);
    const calls = vi
      .spyOn(client, 'call')
      .mockResolvedValue({ delivery_charge: 250, free_delivery_from: 10_000, cod_fee: 500 });
    const store = makeStore();
    await prefetchFirstPage(store, '/checkout', true);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith('shop', 'pages', DELIVERY_ESTIMATE_ID);
    // On the server every page also asks for the shop's facts (its name and numbers) and its
    // content (the header's logo).
    const paths = calls.mock.calls.map((c) => new URL(String(c[1])).pathname).sort();
    expect(paths).toEqual(['/v1/shop/charges', '/v1/shop/content', '/v1/shop/facts']);
  });

  it('the confirmation page and a checkout sub-path ask for nothing', async () => {
    const read = vi.spyOn(databases, 'getDocument');
    await prefetchFirstPage(makeStore(), '/thanks-for-shopping', true);
    await prefetchFirstPage(makeStore(), '/checkout/x', true);
    expect(read).not.toHaveBeenCalled();
  });
});

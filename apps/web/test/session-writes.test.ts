import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '../src/app/store';
import { ordersApi } from '../src/entities/order/orders-api';
import { accountApi } from '../src/entities/session/account-api';
import { sessionApi } from '../src/entities/session/session-api';
import { account, client, databases } from '../src/lib/appwrite';
import { accountOf, customer } from './account-fixtures';

beforeEach(() => {
  vi.restoreAllMocks();
  // My Orders keeps itself live through realtime: no socket here (the SDK would open one on a
  // timer, after this file's environment is gone).
  vi.spyOn(client, 'subscribe').mockReturnValue(() => {});
});

/** Signing in or out changes whose data the cache holds: nothing of the last user survives it. */
describe('session writes and the cache', () => {
  for (const [name, write] of [
    ['signing out', (s: AppStore) => s.dispatch(sessionApi.endpoints.signOut.initiate())],
    [
      'signing in',
      (s: AppStore) =>
        s.dispatch(sessionApi.endpoints.signIn.initiate({ email: 'b@example.pk', password: 'x' })),
    ],
    [
      'a sign-in link',
      (s: AppStore) =>
        s.dispatch(sessionApi.endpoints.magicUrlSignIn.initiate({ userId: 'u2', secret: 's' })),
    ],
  ] as const) {
    it(`${name} reads the account and the orders again`, async () => {
      vi.spyOn(account, 'deleteSession').mockResolvedValue({} as never);
      vi.spyOn(account, 'createEmailSession').mockResolvedValue({} as never);
      vi.spyOn(account, 'updateMagicURLSession').mockResolvedValue({} as never);
      const get = vi.spyOn(account, 'get').mockResolvedValue(accountOf(customer) as never);
      const list = vi
        .spyOn(databases, 'listDocuments')
        .mockResolvedValue({ total: 0, documents: [] } as never);
      const store = makeStore();
      const me = store.dispatch(accountApi.endpoints.getAccount.initiate());
      const orders = store.dispatch(ordersApi.endpoints.myOrders.initiate('u1'));
      await Promise.all([me, orders]);
      expect([get.mock.calls.length, list.mock.calls.length]).toEqual([1, 1]);

      await write(store);
      await vi.waitFor(() =>
        expect([get.mock.calls.length, list.mock.calls.length]).toEqual([2, 2]),
      );
      me.unsubscribe();
      orders.unsubscribe();
    });
  }

  it('signing out succeeds even when the server no longer knows the session', async () => {
    vi.spyOn(account, 'deleteSession').mockRejectedValue(new Error('offline'));
    const store = makeStore();
    const result = await store.dispatch(sessionApi.endpoints.signOut.initiate());
    expect('error' in result).toBe(false);
  });
});

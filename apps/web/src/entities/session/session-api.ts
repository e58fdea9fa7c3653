import { AppwriteException, ID } from 'appwrite';
import { SHOP_MESSAGES } from '@courtside/shop';
import { api } from '../../lib/api';
import { account } from '../../lib/appwrite';
import { call } from '../../lib/errors';

/**
 * Signing in and out (docs/shop.md §4, docs/shop.md#accounts): each changes whose data the cache
 * may hold, so each marks the account, the orders and the owner's figures as out of date. The
 * page then looks the user up again (auth slice) and goes on.
 */
const WHOSE_DATA = ['Account', 'Order', 'Stats'] as const;

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Logs in; the server's message comes back for the form (docs/shop.md §8). */
    signIn: build.mutation<void, { email: string; password: string }>({
      queryFn: ({ email, password }) =>
        call(async () => void (await account.createEmailSession(email, password))),
      invalidatesTags: [...WHOSE_DATA],
    }),
    /** Creates the account, then logs straight in with the same e-mail and password. */
    signUp: build.mutation<void, { name: string; email: string; password: string }>({
      queryFn: (input) =>
        call(async () => {
          await account.create(ID.unique(), input.email, input.password, input.name);
          try {
            await account.createEmailSession(input.email, input.password);
          } catch (e) {
            // The server answers a sign-up with an address it knows like any other (it tells
            // nobody whether an address has an account) and e-mails the address instead.
            if (e instanceof AppwriteException && e.type === 'user_invalid_credentials') {
              throw new Error(SHOP_MESSAGES.signupCheckEmail, { cause: e });
            }
            throw e;
          }
        }),
      invalidatesTags: [...WHOSE_DATA],
    }),
    /**
     * Texts a six-digit sign-in code to a Pakistani mobile number (+92...), making the account
     * on first use; gives back the account id the code belongs to.
     */
    sendPhoneCode: build.mutation<string, string>({
      queryFn: (phone) =>
        call(async () => (await account.createPhoneSession(ID.unique(), phone)).userId),
    }),
    /** Signs in with the code from the text message. */
    phoneSignIn: build.mutation<void, { userId: string; code: string }>({
      queryFn: ({ userId, code }) =>
        call(async () => void (await account.updatePhoneSession(userId, code))),
      invalidatesTags: [...WHOSE_DATA],
    }),
    /**
     * A guest's session (docs/shop.md §2): checkout makes one when a buyer without an account
     * places an order, so the order has an owner who alone (with the shop) can read it.
     */
    guestSession: build.mutation<void, void>({
      queryFn: () => call(async () => void (await account.createAnonymousSession())),
      invalidatesTags: [...WHOSE_DATA],
    }),
    /** Completes a session from an e-mailed sign-in link's userId and secret. */
    magicUrlSignIn: build.mutation<void, { userId: string; secret: string }>({
      queryFn: ({ userId, secret }) =>
        call(async () => void (await account.updateMagicURLSession(userId, secret))),
      invalidatesTags: [...WHOSE_DATA],
    }),
    /** Ends this device's session; a failure (already signed out, offline) changes nothing here. */
    signOut: build.mutation<void, void>({
      queryFn: async () => {
        await account.deleteSession('current').catch(() => undefined);
        return { data: undefined };
      },
      invalidatesTags: [...WHOSE_DATA],
    }),
    /** Sends the recovery e-mail; its link comes back to `url` with userId, secret and expire. */
    requestRecovery: build.mutation<void, { email: string; url: string }>({
      queryFn: ({ email, url }) =>
        call(async () => void (await account.createRecovery(email, url))),
    }),
    /** Completes the recovery with the link's userId and secret. */
    completeRecovery: build.mutation<void, { userId: string; secret: string; password: string }>({
      queryFn: ({ userId, secret, password }) =>
        call(async () => void (await account.updateRecovery(userId, secret, password, password))),
    }),
  }),
});

export const {
  useSendPhoneCodeMutation,
  usePhoneSignInMutation,
  useSignInMutation,
  useSignUpMutation,
  useMagicUrlSignInMutation,
  useSignOutMutation,
  useGuestSessionMutation,
  useRequestRecoveryMutation,
  useCompleteRecoveryMutation,
} = sessionApi;

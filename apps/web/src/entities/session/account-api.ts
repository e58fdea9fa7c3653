import { ADDRESS_PREF_KEY, type SavedAddress } from '@courtside/shop';
import type { Models } from 'appwrite';
import { api } from '../../lib/api';
import { account } from '../../lib/appwrite';
import { call } from '../../lib/errors';
import { toShopUser } from './auth-service';
import { login } from './auth-slice';

type User = Models.User<Models.Preferences>;

/** Keeps the header's user (auth slice) in step with an account the server just returned. */
const syncUser = async (
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: User }> },
) => {
  try {
    const { data } = await queryFulfilled;
    dispatch(login(toShopUser(data)));
  } catch {
    /* the form shows the failure */
  }
};

/**
 * The signed-in customer's own account (docs/shop.md §7, Account): profile, saved address (D10),
 * e-mail verification and sessions (docs/shop.md#accounts).
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<User, void>({
      queryFn: () => call(() => account.get()),
      providesTags: ['Account'],
    }),
    updateName: build.mutation<User, string>({
      queryFn: (name) => call(() => account.updateName(name)),
      invalidatesTags: ['Account'],
      onQueryStarted: syncUser,
    }),
    updatePhone: build.mutation<User, { phone: string; password: string }>({
      queryFn: ({ phone, password }) => call(() => account.updatePhone(phone, password)),
      invalidatesTags: ['Account'],
      onQueryStarted: syncUser,
    }),
    updateEmail: build.mutation<User, { email: string; password: string }>({
      queryFn: ({ email, password }) => call(() => account.updateEmail(email, password)),
      invalidatesTags: ['Account'],
      onQueryStarted: syncUser,
    }),
    /** No `oldPassword` for an account that has none yet (magic link, phone, provider). */
    updatePassword: build.mutation<User, { password: string; oldPassword?: string }>({
      queryFn: ({ password, oldPassword }) =>
        call(() => account.updatePassword(password, oldPassword)),
      invalidatesTags: ['Account'],
    }),
    /** Saves the delivery address into the preferences, keeping whatever else they hold. */
    saveAddress: build.mutation<User, SavedAddress>({
      queryFn: (address) =>
        call(async () => {
          const prefs = await account.getPrefs();
          return account.updatePrefs({ ...prefs, [ADDRESS_PREF_KEY]: address });
        }),
      invalidatesTags: ['Account'],
      onQueryStarted: syncUser,
    }),
    sendVerification: build.mutation<Models.Token, string>({
      queryFn: (url) => call(() => account.createVerification(url)),
    }),
    confirmVerification: build.mutation<Models.Token, { userId: string; secret: string }>({
      queryFn: ({ userId, secret }) => call(() => account.updateVerification(userId, secret)),
      invalidatesTags: ['Account'],
    }),
    listSessions: build.query<Models.Session[], void>({
      queryFn: () => call(async () => (await account.listSessions()).sessions),
      providesTags: ['Account'],
    }),
    deleteSession: build.mutation<unknown, string>({
      queryFn: (id) => call(() => account.deleteSession(id)),
      invalidatesTags: ['Account'],
    }),
    /** Logs out every other device, keeping this one; resolves to how many were ended. */
    endOtherSessions: build.mutation<number, void>({
      queryFn: () =>
        call(async () => {
          const { sessions } = await account.listSessions();
          const others = sessions.filter((s) => !s.current);
          for (const s of others) await account.deleteSession(s.$id);
          return others.length;
        }),
      invalidatesTags: ['Account'],
    }),
  }),
});

export const {
  useGetAccountQuery,
  useUpdateNameMutation,
  useUpdatePhoneMutation,
  useUpdateEmailMutation,
  useUpdatePasswordMutation,
  useSaveAddressMutation,
  useSendVerificationMutation,
  useConfirmVerificationMutation,
  useListSessionsQuery,
  useDeleteSessionMutation,
  useEndOtherSessionsMutation,
} = accountApi;

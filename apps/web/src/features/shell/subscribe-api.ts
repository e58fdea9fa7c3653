import { ID } from 'appwrite';
import { api } from '../../lib/api';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';

/** D11: the subscribe box stores the e-mail as a document of the subscribers collection. */
export const subscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribe: build.mutation<'subscribed' | 'already', string>({
      async queryFn(email) {
        try {
          await databases.createDocument(ids.database, ids.subscribers, ID.unique(), { email });
          return { data: 'subscribed' };
        } catch (error) {
          const e = error as { code?: number; message?: string };
          // One subscriber per address: the unique index answers 409.
          if (e.code === 409) return { data: 'already' };
          return { error: { message: e.message ?? 'Network error', code: e.code } };
        }
      },
    }),
  }),
});

export const { useSubscribeMutation } = subscribeApi;

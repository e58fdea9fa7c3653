import { ID } from 'appwrite';
import { api } from '../../lib/api';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';
import { call } from '../../lib/errors';

/**
 * D11: the subscribe box stores the e-mail as a document of the subscribers collection. The
 * server answers an address already on the list exactly as a new one (it tells nobody who has
 * subscribed), so there is one outcome to show.
 */
export const subscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribe: build.mutation<null, string>({
      queryFn: (email) =>
        call(async () => {
          await databases.createDocument(ids.database, ids.subscribers, ID.unique(), { email });
          return null;
        }),
    }),
  }),
});

export const { useSubscribeMutation } = subscribeApi;

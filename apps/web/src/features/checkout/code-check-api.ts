import { CODE_CHECK_PATH } from '@courtside/shop';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { endpoint } from '../../config/env';
import { call } from '../../lib/errors';

/** A welcome code the server accepts for this customer's order, and what it takes off. */
export interface CheckedCode {
  code: string;
  percent: number;
}

/**
 * The code box asks the server before anything is deducted (D11): unknown, used, someone
 * else's or not a first order comes back as the server's refusal, in its words.
 */
export const codeCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkCode: build.mutation<CheckedCode, string>({
      queryFn: (code) =>
        call(
          () =>
            client.call(
              'get',
              new URL(`${endpoint}${CODE_CHECK_PATH}${encodeURIComponent(code)}`),
            ) as Promise<CheckedCode>,
        ),
    }),
  }),
});

export const { useCheckCodeMutation } = codeCheckApi;

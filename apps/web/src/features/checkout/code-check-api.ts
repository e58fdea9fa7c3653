import { CODE_CHECK_PATH, type CodeOffer } from '@courtside/shop';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { endpoint } from '../../config/env';
import { call } from '../../lib/errors';

/** A code the server accepts for this customer's order, and what it takes off. */
export type CheckedCode = CodeOffer;

/** The server's answer as an offer (fields it leaves out take their plain meaning). */
const offerOf = (answer: Partial<CodeOffer> & { code: string }): CheckedCode => ({
  code: answer.code,
  percent: answer.percent ?? null,
  amount: answer.amount ?? null,
  minOrder: answer.minOrder ?? 0,
  products: answer.products ?? [],
  brands: answer.brands ?? [],
  firstOrder: answer.firstOrder ?? false,
});

/**
 * The code box asks the server before anything is deducted (D11): unknown, used up, switched
 * off, not running, someone else's or not a first order comes back as the server's refusal, in
 * its words.
 */
export const codeCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkCode: build.mutation<CheckedCode, string>({
      queryFn: (code) =>
        call(async () => {
          const url = new URL(`${endpoint}${CODE_CHECK_PATH}${encodeURIComponent(code)}`);
          return offerOf((await client.call('get', url)) as CheckedCode);
        }),
    }),
  }),
});

export const { useCheckCodeMutation } = codeCheckApi;

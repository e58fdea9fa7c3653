import { CHARGES_PATH, CODE_CHECK_PATH, HOLD_LIMIT_PATH } from '@courtside/shop';
import { vi } from 'vitest';
import { client } from '../src/lib/appwrite';

/** The shop's charges as the server answers them (the defaults unless told). */
export const CHARGES_ANSWER = { delivery_charge: 250, free_delivery_from: 10_000, cod_fee: 500 };

/**
 * The shop's own routes (hold limit, charges, code check) answered by path, as the server would;
 * any other call is refused. Returns the spy.
 */
export function mockShopCalls(answers: {
  pairs?: number;
  charges?: typeof CHARGES_ANSWER;
  code?: unknown;
}) {
  return vi.spyOn(client, 'call').mockImplementation(async (_method, url) => {
    const path = String(url);
    if (path.endsWith(HOLD_LIMIT_PATH)) return { pairs: answers.pairs ?? 3 };
    if (path.endsWith(CHARGES_PATH)) return answers.charges ?? CHARGES_ANSWER;
    if (path.includes(CODE_CHECK_PATH)) {
      if (answers.code instanceof Error) throw answers.code;
      return answers.code;
    }
    throw new Error(`not mocked: ${path}`);
  });
}

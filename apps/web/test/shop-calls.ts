import { CHARGES_PATH, COD_CHECK_PATH, CODE_CHECK_PATH, HOLD_LIMIT_PATH } from '@courtside/shop';
import { vi } from 'vitest';
import { client } from '../src/lib/appwrite';

/** The shop's charges as the server answers them (the defaults unless told). */
export const CHARGES_ANSWER: {
  delivery_charge: number;
  free_delivery_from: number;
  cod_fee: number;
  cod_max_value?: number;
  cod_cities?: string[];
} = { delivery_charge: 250, free_delivery_from: 10_000, cod_fee: 500 };

/**
 * The shop's own routes (hold limit, charges, code check) answered by path, as the server would;
 * any other call is refused. Returns the spy.
 */
export function mockShopCalls(answers: {
  pairs?: number;
  charges?: typeof CHARGES_ANSWER;
  code?: unknown;
  /** Checkout's question whether COD is offered (offered unless told). */
  cod?: unknown;
}) {
  return vi.spyOn(client, 'call').mockImplementation(async (_method, url) => {
    const path = String(url);
    if (path.endsWith(HOLD_LIMIT_PATH)) return { pairs: answers.pairs ?? 3 };
    if (path.endsWith(CHARGES_PATH)) return answers.charges ?? CHARGES_ANSWER;
    if (path.includes(CODE_CHECK_PATH)) {
      if (answers.code instanceof Error) throw answers.code;
      return answers.code;
    }
    if (path.includes(COD_CHECK_PATH)) return answers.cod ?? { cod: true };
    throw new Error(`not mocked: ${path}`);
  });
}

import { useEffect, useState } from 'react';
import { COD_CHECK_PATH, normalizePakistaniMobile, type CodVerdict } from '@courtside/shop';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { endpoint } from '../../config/env';
import { call } from '../../lib/errors';

export interface CodQuestion {
  phone: string;
  city: string;
  /** What the buyer would pay in cash, in rupees. */
  total: number;
}

/**
 * Checkout asks the server whether cash on delivery is offered for this number, city and total
 * (the owner's rules, cod-rules.ts) before Place Order, so a refusal is never a surprise. The
 * order's own check stays the judge; its refusal says the same.
 */
export const codCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    codCheck: build.query<CodVerdict, CodQuestion>({
      queryFn: (q) =>
        call(async () => {
          const url = new URL(`${endpoint}${COD_CHECK_PATH}`);
          url.searchParams.set('phone', q.phone);
          url.searchParams.set('city', q.city);
          url.searchParams.set('total', String(q.total));
          return (await client.call('get', url)) as CodVerdict;
        }),
      // The owner's settings decide it: asked again when they change in this tab.
      providesTags: ['Settings', 'Number'],
    }),
  }),
});

/** Typing pauses this long before checkout asks. */
const PAUSE_MS = 400;

/**
 * The server's verdict on cash on delivery for what the form holds: asked once the phone is a
 * mobile number and the total is known, after the buyer pauses typing; undefined until then (and
 * when the question fails: the order's own check still judges).
 */
export function useCodVerdict(phone: string, city: string, total: number | null) {
  const normal = normalizePakistaniMobile(phone);
  const question =
    normal && total !== null ? { phone: normal, city: city.trim().slice(0, 80), total } : null;
  const key = question ? JSON.stringify(question) : '';
  const [asked, setAsked] = useState<CodQuestion | null>(null);
  useEffect(() => {
    const timer = setTimeout(
      () => setAsked(key ? (JSON.parse(key) as CodQuestion) : null),
      PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [key]);
  const answer = codCheckApi.useCodCheckQuery(asked ?? { phone: '', city: '', total: 0 }, {
    skip: !asked,
  });
  return {
    verdict: asked && !answer.isError ? answer.data : undefined,
    // A question never asked (skipped) has nothing to ask again.
    refetch: () => {
      if (asked) void answer.refetch();
    },
  };
}

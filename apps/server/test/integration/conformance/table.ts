import { AppwriteException } from 'appwrite';
import { AppwriteException as ServerSdkException } from 'node-appwrite';
import { expect, it } from 'vitest';

/**
 * The conformance tables: each row is one expectation of Appwrite 1.4's own end-to-end suite
 * (tests/e2e/Services/Databases and Storage of the appwrite repository), the call that shows it
 * through the official SDK, and the answer expected. A row where Courtside deliberately answers
 * otherwise says so in `differs` and expects what Courtside does (the README lists these rows).
 */
export interface Row<C> {
  /** `<Appwrite test>: <what it expects>`, e.g. `testCreateDocument: a +02:00 birthDay is UTC`. */
  name: string;
  run: (c: C) => Promise<unknown>;
  /**
   * The part of the answer compared with `expect`; the whole answer by default. Each row types
   * its answer (a Document, a FileList, a raw HTTP answer...), hence `never` here.
   */
  pick?: (answer: never, c: C) => unknown;
  expect: Expected;
  /** Keeps the answer for later rows, under this name in `c.kept`. */
  keep?: string;
  /** A deliberate difference: what Appwrite 1.4 answers, and why Courtside does not. */
  differs?: { appwrite: string; why: string };
}

export type Expected =
  | { kind: 'equal'; value: unknown }
  | { kind: 'like'; value: object }
  | { kind: 'refused'; code: number; type: string; message?: string | RegExp };

/** The picked answer deep-equals `value`. */
export const equal = (value: unknown): Expected => ({ kind: 'equal', value });
/** The picked answer holds `value`'s fields (deeply, extra fields allowed). */
export const like = (value: object): Expected => ({ kind: 'like', value });
/** The call fails with this HTTP code, error type and maybe message (exact or a pattern). */
export const refused = (code: number, type: string, message?: string | RegExp): Expected => ({
  kind: 'refused',
  code,
  type,
  message,
});

/** Answers rows keep for later rows (ids, files, previews), by name. */
export interface Kept {
  kept: Record<string, unknown>;
}

async function settle(call: () => Promise<unknown>) {
  try {
    return { answer: await call() };
  } catch (error) {
    return { error };
  }
}

/** Runs one row against the context (the rows of a table run in order, sharing `c.kept`). */
export async function check<C extends Kept>(row: Row<C>, c: C): Promise<void> {
  const outcome = await settle(() => row.run(c));
  const e = row.expect;
  if (e.kind === 'refused') {
    const thrown = outcome.error;
    const isSdk = thrown instanceof AppwriteException || thrown instanceof ServerSdkException;
    expect(isSdk, `expected ${e.code} ${e.type}, got ${String(thrown ?? 'an answer')}`).toBe(true);
    const { code, type, message } = thrown as AppwriteException;
    expect({ code, type }).toEqual({ code: e.code, type: e.type });
    if (e.message instanceof RegExp) expect(message).toMatch(e.message);
    else if (e.message !== undefined) expect(message).toBe(e.message);
    return;
  }
  if ('error' in outcome) throw outcome.error;
  if (row.keep) c.kept[row.keep] = outcome.answer;
  const picked = row.pick ? row.pick(outcome.answer as never, c) : outcome.answer;
  if (e.kind === 'equal') expect(picked).toEqual(e.value);
  else expect(picked).toMatchObject(e.value);
}

/** One vitest test per row, in table order; a deliberate difference is marked in its title. */
export function rows<C extends Kept>(table: readonly Row<C>[], context: () => C): void {
  for (const row of table) {
    it(row.differs ? `${row.name} [differs: ${row.differs.why}]` : row.name, () =>
      check(row, context()),
    );
  }
}

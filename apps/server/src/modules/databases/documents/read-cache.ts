import type { IncomingMessage } from 'node:http';
import { sql, type CompiledQuery } from 'kysely';
import { LRUCache } from 'lru-cache';
import { perTurn } from '../../../tools/per-turn.js';
import type { Collection } from '../collections.js';
import type { Executor } from './store.js';

/** The kept text of an answer while it is still current, else null. */
export type KeptText = () => Promise<string | null>;

/**
 * Whoever wants to hear of a guest's read whose answer is kept for everyone (the server's early
 * answers, http/kept-reads.ts): the request, and how to get the kept text again while it holds.
 */
export interface KeptReadListener {
  remember(req: IncomingMessage, again: KeptText): void;
}

/**
 * Answers to reads that are the same for every caller (the collection's own permissions let the
 * caller read it all: the storefront's product lists and pages), kept as their JSON text per
 * collection and request until the collection's write count moves. Every writing transaction
 * raises that count just before it commits (counts.ts), so a server process sees another's
 * writes as soon as they are visible. The count is read first and the answer after: a write
 * landing in between leaves an answer newer than its count, which the next read only redoes.
 */
export interface ReadCache {
  /** The JSON text of `read()`, or the one kept for `key` while the collection is unchanged. */
  answer(k: Executor, c: Collection, key: string, read: () => Promise<unknown>): Promise<string>;
  /** The text kept for `key` if the collection is still unchanged since, else null. */
  current(k: Executor, c: Collection, key: string): Promise<string | null>;
}

/** Text kept in all, and the most one answer may take (a page of 5,000 documents is not kept). */
const MAX_TOTAL_CHARS = 32 * 1024 * 1024;
const MAX_ANSWER_CHARS = 1024 * 1024;

export function readCache(): ReadCache {
  const kept = new LRUCache<string, { writes: number; text: string }>({
    maxSize: MAX_TOTAL_CHARS,
    sizeCalculation: (entry, key) => entry.text.length + key.length,
  });
  // One compiled statement per collection: the read that comes before every answer.
  const countQueries = new WeakMap<Collection, CompiledQuery>();
  const writesOf = async (k: Executor, c: Collection) => {
    let query = countQueries.get(c);
    if (!query) {
      query =
        sql`SELECT writes AS w FROM databases_collections WHERE table_name = ${c.table}`.compile(k);
      countQueries.set(c, query);
    }
    const read = await k.executeQuery<{ w: number | string }>(query);
    return Number(read.rows[0]?.w ?? 0);
  };
  // The requests of one turn of the event loop share one read of each collection's count, made
  // once they have all arrived (tools/per-turn.ts): the count is still read after each request
  // came in, so a write committed before any of them is seen by all of them.
  const counts = new WeakMap<Executor, (c: Collection) => Promise<number>>();
  const writesNow = (k: Executor, c: Collection) => {
    let count = counts.get(k);
    if (!count) {
      count = perTurn(async (cs: readonly Collection[]) => {
        // Many requests of one turn read the same collection: one statement for each collection.
        const once = new Map([...new Set(cs)].map((one) => [one, writesOf(k, one)]));
        return Promise.all(cs.map((one) => once.get(one)!));
      });
      counts.set(k, count);
    }
    return count(c);
  };
  return {
    async answer(k, c, key, read) {
      const writes = await writesNow(k, c);
      const name = `${c.table}\n${key}`;
      const seen = kept.get(name);
      if (seen && seen.writes === writes) return seen.text;
      const text = JSON.stringify(await read());
      if (text.length <= MAX_ANSWER_CHARS) kept.set(name, { writes, text });
      return text;
    },
    async current(k, c, key) {
      const writes = await writesNow(k, c);
      const seen = kept.get(`${c.table}\n${key}`);
      return seen && seen.writes === writes ? seen.text : null;
    },
  };
}

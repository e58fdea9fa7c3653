import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/protocol/errors.js';
import type { DocumentData } from '../../src/modules/databases/contract.js';
import { expectError } from '../support/expect-error.js';
import { labSchemaFile } from '../support/lab-schema.js';
import { signedInUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * What a system transaction writes beyond create and delete: updates answered without a read,
 * counters added to (now, or by the closing statements at commit) and named locks.
 */
let server: TestServer;
let user: SdkUser;
/** The SQL table holding a lab collection's documents. */
const tableOf = async (collectionId: string) =>
  (
    await sql<{
      t: string;
    }>`SELECT table_name AS t FROM databases_collections WHERE database_id = 'lab' AND collection_id = ${collectionId}`.execute(
      server.app.db.kysely,
    )
  ).rows[0]!.t;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      SCHEMA_FILE: labSchemaFile({
        indexes: [{ key: 'mail_unique', type: 'unique', attributes: ['mail'] }],
      }),
    },
  });
  user = await signedInUser(server);
});
afterAll(() => server.close());

describe('DatabasesService.transaction: updates, counters and locks', () => {
  it('answers an update of a document it holds exactly as stored; a later statement sees it', async () => {
    const db = server.app.databases;
    await db.transaction('lab', (docs) =>
      docs.create('items', 'typed', { title: 'typed' }, ['read("any")']),
    );
    const values = {
      title: 'every type',
      name: 'n',
      n: -12,
      f: 0.1,
      b: true,
      d: '2026-11-28T10:00:00.000+00:00',
      tags: ['x', "it's"],
      kind: 'c',
      mail: 'typed@example.com',
      site: 'https://example.com/a?b=1',
      ip: '10.0.0.1',
    };
    const answered = await db.transaction('lab', async (docs) => {
      await docs.get('items', 'typed', { forUpdate: true });
      const after = await docs.update('items', 'typed', values);
      const listed = await docs.list('items', ['equal("n", [-12])', 'equal("b", [true])']);
      return { after, listed: listed.documents.map((d) => d.$id) };
    });
    const stored = await db.transaction('lab', (docs) => docs.get('items', 'typed'));
    expect(answered.after).toEqual(stored);
    expect(answered.after).toMatchObject(values);
    expect(answered.listed).toEqual(['typed']);
    // A unique value taken is a 409, told by the update itself.
    await db.transaction('lab', (docs) =>
      docs.create('items', 'typed-2', { title: 'second' }, ['read("any")']),
    );
    await expect(
      db.transaction('lab', async (docs) => {
        await docs.get('items', 'typed-2', { forUpdate: true });
        await docs.update('items', 'typed-2', { mail: 'typed@example.com' });
      }),
    ).rejects.toMatchObject({ type: 'document_already_exists' });
    await expectError(
      user.databases.updateDocument('lab', 'items', 'typed-2', { mail: 'typed@example.com' }),
      { code: 409, type: 'document_already_exists' },
    );
  });

  it('adds to counters in one step, making them first, and checks what they become', async () => {
    const db = server.app.databases;
    const add = (n: number) =>
      db.transaction('lab', (docs) => docs.add('items', 'tally', { n }, { title: 'tally' }, []));
    expect((await add(5)).n).toBe(5); // made at its default (null counts as 0), then added to
    expect((await add(-2)).n).toBe(3);
    await Promise.all([add(1), add(1), add(1), add(1)]);
    expect((await add(0)).n).toBe(7);
    // n is an integer from -1000 to 1000: past it the whole transaction fails.
    await expect(add(2000)).rejects.toMatchObject({ type: 'document_invalid_structure' });
    await expect(
      db.transaction('lab', (docs) => docs.add('items', 'tally', { title: 1 }, {}, [])),
    ).rejects.toMatchObject({ type: 'document_invalid_structure' });
    expect((await add(0)).n).toBe(7);
  });

  it('adds to several counters in one step, making the missing ones, side by side', async () => {
    const db = server.app.databases;
    const both = (n: number, ids = ['pair-b', 'pair-a']) =>
      db.transaction('lab', (docs) =>
        docs.addEach(
          'items',
          ids.map((id) => [id, { title: id }] as const),
          { n },
          [],
        ),
      );
    const first = await both(2);
    expect(first.map((d) => [d.$id, d.n]).sort()).toEqual([
      ['pair-a', 2],
      ['pair-b', 2],
    ]);
    // Many at once, named in either order: each adds to both, and none waits on another for ever.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => both(1, i % 2 ? ['pair-a', 'pair-b'] : undefined)),
    );
    const after = await db.transaction('lab', async (docs) => [
      (await docs.get('items', 'pair-a'))!.n,
      (await docs.get('items', 'pair-b'))!.n,
    ]);
    expect(after).toEqual([10, 10]);
    // A sum out of range fails the whole transaction: neither counter moves.
    await expect(both(995)).rejects.toMatchObject({ type: 'document_invalid_structure' });
    expect((await both(0)).length).toBe(0);
    const kept = await db.transaction(
      'lab',
      async (docs) => (await docs.get('items', 'pair-a'))!.n,
    );
    expect(kept).toBe(10);
  });

  it('adds at commit: counters made when missing, added to last, held within their range', async () => {
    const db = server.app.databases;
    const writes = () => db.writesTo!('lab', 'items');
    const n = (id: string) =>
      db.transaction('lab', async (docs) => (await docs.get('items', id))?.n ?? null);
    const late = (by: number, after?: () => never) =>
      db.transaction('lab', async (docs) => {
        await docs.addEachAtCommit(
          'items',
          ['late-b', 'late-a'].map((id) => [id, { title: id, n: 0 }] as const),
          { n: by },
          [],
        );
        // Made, but not added to yet: the add is the transaction's closing statement.
        const seen = (await docs.get('items', 'late-a'))?.n ?? null;
        after?.();
        return seen;
      });
    const before = await writes();
    expect(await late(3)).toBe(0);
    expect([await n('late-a'), await n('late-b')]).toEqual([3, 3]);
    expect(await late(0)).toBe(3);
    // Missing documents made by many at once: each is made once, and every add lands on it.
    const fresh = (permissions: string[]) =>
      db.transaction('lab', (docs) =>
        docs.addEachAtCommit(
          'items',
          ['fresh-b', 'fresh-a'].map((id) => [id, { title: id, n: 0 }] as const),
          { n: 1 },
          permissions,
        ),
      );
    const told: string[] = [];
    const stop = server.app.events.subscribe((e) => told.push(...e.events));
    await Promise.all(Array.from({ length: 12 }, () => fresh(['read("any")'])));
    stop();
    expect([await n('fresh-a'), await n('fresh-b')]).toEqual([12, 12]);
    // Realtime hears of each made once, and of each add.
    const heard = (id: string, action: string) =>
      told.filter((name) => name === `databases.lab.collections.items.documents.${id}.${action}`)
        .length;
    expect([heard('fresh-a', 'create'), heard('fresh-b', 'create')]).toEqual([1, 1]);
    expect([heard('fresh-a', 'update'), heard('fresh-b', 'update')]).toEqual([12, 12]);
    const made = await db.transaction('lab', (docs) => docs.get('items', 'fresh-a'));
    expect(made!.$permissions).toEqual(['read("any")']);
    expect(made!.title).toBe('fresh-a');
    // Its permission rows were written once, with it.
    const k = server.app.db.kysely;
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(
      `${await tableOf('items')}_perms`,
    )} p JOIN ${sql.table(await tableOf('items'))} d ON d._seq = p.doc WHERE d._id = 'fresh-a'`.execute(
      k,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    expect(await writes()).toBeGreaterThan(before);
    // Many at once: every add lands, none waits on another for ever.
    await Promise.all(Array.from({ length: 12 }, () => late(1)));
    expect([await n('late-a'), await n('late-b')]).toEqual([15, 15]);
    // Several adds in one transaction, taking the same documents in opposite orders: all of a
    // transaction's are locked first, in one order, so none waits on another for ever.
    const severally = (pairs: string[][]) =>
      db.transaction('lab', async (docs) => {
        for (const ids of pairs) {
          const made = ids.map((id): [string, DocumentData] => [id, { title: id, n: 0 }]);
          await docs.addEachAtCommit('items', made, { n: 1 }, []);
        }
      });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        severally(i % 2 ? [['late-a', 'late-c'], ['late-b']] : [['late-b'], ['late-c', 'late-a']]),
      ),
    );
    expect([await n('late-a'), await n('late-b'), await n('late-c')]).toEqual([27, 27, 12]);
    await Promise.all(Array.from({ length: 12 }, () => late(-1)));
    // A transaction that fails after asking for the add adds nothing.
    await expect(
      late(5, () => {
        throw new AppError('general_argument_invalid', 'No.');
      }),
    ).rejects.toMatchObject({ type: 'general_argument_invalid' });
    expect(await n('late-a')).toBe(15);
    // A document refused leaves nothing behind: the transaction may go on and commit.
    await db.transaction('lab', async (docs) => {
      await expect(
        docs.addEachAtCommit('items', [['bad-made', { title: 5 }]], { n: 1 }, []),
      ).rejects.toMatchObject({ type: 'document_invalid_structure' });
    });
    expect(await n('bad-made')).toBeNull();
    // A fraction is no amount to add to an integer.
    await expect(
      db.transaction('lab', (docs) =>
        docs.addEachAtCommit('items', [['late-a', { title: 'a', n: 0 }]], { n: 1.5 }, []),
      ),
    ).rejects.toMatchObject({ type: 'document_invalid_structure' });
    // A sum past the attribute's range (-1000..1000) is held at the bound.
    await late(2000);
    await late(-5000);
    expect([await n('late-a'), await n('late-b')]).toEqual([-1000, -1000]);
    // The statement carries its values as literals on PostgreSQL: an id with quotes is one id.
    await db.transaction('lab', (docs) =>
      docs.addEachAtCommit('items', [["it's-\\'x", { title: 'q', n: 1 }]], { n: 1 }, []),
    );
    expect(await n("it's-\\'x")).toBe(2);
  });

  it('a named lock keeps a shared holder waiting until the exclusive holder has committed', async () => {
    const db = server.app.databases;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const exclusive = db.transaction('lab', async (docs) => {
      await docs.lock('lab-lock', 'exclusive');
      await docs.create('items', 'locked-1', { title: 'made under the lock' }, []);
      await sleep(150);
    });
    await sleep(30);
    // Taken with its read (one message on PostgreSQL): the read runs once the lock is had.
    const seen = await db.transaction('lab', async (docs) => {
      await docs.lock('lab-lock', 'shared');
      return (await docs.get('items', 'locked-1'))?.title ?? null;
    });
    await exclusive;
    expect(seen).toBe('made under the lock');
  });
});

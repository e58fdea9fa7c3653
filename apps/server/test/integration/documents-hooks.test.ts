import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/protocol/errors.js';
import { expectError } from '../support/expect-error.js';
import { labSchemaFile } from '../support/lab-schema.js';
import { signedInUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let user: SdkUser;
const log: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ env: { SCHEMA_FILE: labSchemaFile() } });
  user = await signedInUser(server);
  const db = server.app.databases;
  db.registerHooks('lab', 'items', {
    async beforeCreate(ctx, input) {
      if (input.data.title === 'refuse') throw new AppError('general_argument_invalid', 'No.');
      if (input.data.title === 'counter') {
        // Read-then-write on a shared document: must not interleave between requests.
        const c = await ctx.documents.get('items', 'counter', { forUpdate: true });
        await new Promise((r) => setTimeout(r, 10));
        await ctx.documents.update('items', 'counter', { n: (c!.n as number) + 1 });
        return { ...input, data: { ...input.data, title: 'counted' } };
      }
      return {
        ...input,
        data: { ...input.data, name: 'set-by-hook' },
        permissions: ['read("any")'],
      };
    },
    async afterCreate(ctx, created) {
      await ctx.documents.create('items', `${created.$id}-log`, { title: 'log' }, []);
      if (created.kind === 'c') throw new AppError('document_invalid_structure', 'Rolled back.');
      ctx.afterCommit(() => {
        log.push(`committed ${created.$id}`);
      });
      ctx.afterCommit(() => {
        throw new Error('after-commit failures are logged, not answered');
      });
    },
    async beforeUpdate(ctx, current, patch) {
      if (current.kind === 'b') throw new AppError('user_unauthorized', 'Locked.');
      // The hook writes the document itself first: the answer must show both writes.
      if (current.title === 'bumped by the hook') {
        await ctx.documents.update('items', current.$id, { n: Number(current.n) + 100 });
      }
      return { ...patch, data: { ...patch.data, f: 9.5 } };
    },
    afterUpdate(_ctx, before, after) {
      log.push(`updated ${before.n}->${after.n}`);
    },
    beforeDelete(_ctx, current) {
      if (current.name === 'keep') throw new AppError('user_unauthorized', 'Kept.');
    },
  });
});
afterAll(() => server.close());

const count = async () => (await user.databases.listDocuments('lab', 'items')).total;

describe('hooks run after permission checks, inside the transaction', () => {
  it('a hook can rewrite data and permissions, and write more documents', async () => {
    const doc = await user.databases.createDocument('lab', 'items', 'h1', { title: 'x' });
    expect(doc).toMatchObject({ name: 'set-by-hook', $permissions: ['read("any")'] });
    expect((await user.databases.getDocument('lab', 'items', 'h1-log')).title).toBe('log');
    expect(log).toContain('committed h1');
  });

  it('a hook throwing AppError aborts: nothing is stored', async () => {
    const before = await count();
    await expectError(user.databases.createDocument('lab', 'items', 'h2', { title: 'refuse' }), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'No.',
    });
    await expectError(
      user.databases.createDocument('lab', 'items', 'h3', { title: 'x', kind: 'c' }),
      {
        code: 400,
        type: 'document_invalid_structure',
      },
    );
    expect(await count()).toBe(before);
    await expectError(user.databases.getDocument('lab', 'items', 'h3-log'), {
      code: 404,
      type: 'document_not_found',
    });
  });

  it('hooks see permission failures first: no hook runs for a caller without rights', async () => {
    const guest = (await import('../support/sdk.js')).sdkUser(server);
    await expectError(guest.databases.createDocument('lab', 'items', 'h4', { title: 'refuse' }), {
      code: 401,
      type: 'user_unauthorized',
    });
  });

  it('update and delete hooks', async () => {
    await user.databases.createDocument('lab', 'items', 'u1', { title: 'x', n: 1 });
    const updated = await user.databases.updateDocument('lab', 'items', 'u1', { n: 2 });
    expect(updated).toMatchObject({ n: 2, f: 9.5 });
    expect(log).toContain('updated 1->2');
    await user.databases.createDocument('lab', 'items', 'u2', { title: 'x', kind: 'b' });
    await expectError(user.databases.updateDocument('lab', 'items', 'u2', { n: 5 }), {
      code: 401,
      type: 'user_unauthorized',
      message: 'Locked.',
    });
    expect((await user.databases.getDocument('lab', 'items', 'u2')).n).toBeNull();
    await user.databases.updateDocument('lab', 'items', 'u1', { name: 'keep' });
    await expectError(user.databases.deleteDocument('lab', 'items', 'u1'), {
      code: 401,
      type: 'user_unauthorized',
      message: 'Kept.',
    });
    expect((await user.databases.getDocument('lab', 'items', 'u1')).name).toBe('keep');
  });

  it('get with forUpdate serialises concurrent read-then-write', async () => {
    await server.app.databases.transaction('lab', (docs) =>
      docs.create('items', 'counter', { title: 'c', n: 0 }, ['read("any")']),
    );
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        user.databases.createDocument('lab', 'items', `k${i}`, { title: 'counter' }),
      ),
    );
    expect((await user.databases.getDocument('lab', 'items', 'counter')).n).toBe(6);
  });
});

describe('DatabasesService.transaction (system access)', () => {
  it('commits together, or rolls back together', async () => {
    const result = await server.app.databases.transaction('lab', async (docs, afterCommit) => {
      await docs.create('items', 's1', { title: 'sys' }, []);
      await docs.update('items', 's1', { n: 7 });
      afterCommit(() => {
        log.push('system committed');
      });
      return docs.list('items', ['equal("$id", ["s1"])']);
    });
    expect(result.total).toBe(1);
    expect(result.documents[0]).toMatchObject({ n: 7, $permissions: [] });
    expect(log).toContain('system committed');
    await expect(
      server.app.databases.transaction('lab', async (docs) => {
        await docs.delete('items', 's1');
        await docs.create('items', 's2', { title: 'sys' }, []);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const kept = await server.app.databases.transaction('lab', async (docs) => ({
      s1: await docs.get('items', 's1'),
      s2: await docs.get('items', 's2'),
    }));
    expect(kept.s1?.n).toBe(7);
    expect(kept.s2).toBeNull();
  });

  it("answers an update a hook added to with the hook's write too", async () => {
    await user.databases.createDocument('lab', 'items', 'bumped', {
      title: 'bumped by the hook',
      n: 1,
    });
    const answer = await user.databases.updateDocument('lab', 'items', 'bumped', { name: 'nn' });
    const stored = await user.databases.getDocument('lab', 'items', 'bumped');
    expect(answer).toMatchObject({ n: 101, name: 'nn', f: 9.5 });
    expect(answer).toEqual(stored);
  });

  it('reads back what the transaction locked or wrote, as it now stands', async () => {
    const seen = await server.app.databases.transaction('lab', async (docs) => {
      await docs.create('items', 'held1', { title: 'held', n: 1 }, []);
      const locked = await docs.get('items', 'held1', { forUpdate: true });
      await docs.update('items', 'held1', { n: 2 });
      const updated = await docs.get('items', 'held1');
      await docs.update('items', 'held1', { n: Number(updated!.n) + 1 });
      const again = await docs.get('items', 'held1', { forUpdate: true });
      await docs.delete('items', 'held1');
      return {
        locked: locked?.n,
        updated: updated?.n,
        again: again?.n,
        gone: await docs.get('items', 'held1'),
      };
    });
    expect(seen).toEqual({ locked: 1, updated: 2, again: 3, gone: null });
  });

  it("counts a collection's committed writes (what rendered pages are kept by)", async () => {
    const db = server.app.databases;
    const writes = () => db.writesTo!('lab', 'items');
    const before = await writes();
    await db.transaction('lab', (docs) => docs.create('items', 'w1', { title: 'w' }, []));
    const created = await writes();
    expect(created).toBeGreaterThan(before);
    await db.transaction('lab', (docs) => docs.get('items', 'w1')); // a read writes nothing
    expect(await writes()).toBe(created);
    await expect(
      db.transaction('lab', async (docs) => {
        await docs.update('items', 'w1', { n: 2 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await writes()).toBe(created); // rolled back with the write it counted
    await db.transaction('lab', (docs) => docs.delete('items', 'w1'));
    expect(await writes()).toBeGreaterThan(created);
    await expect(db.writesTo!('lab', 'nowhere')).rejects.toMatchObject({
      type: 'collection_not_found',
    });
  });

  it('still validates structure and refuses a second set of hooks', async () => {
    await expect(
      server.app.databases.transaction('lab', (docs) => docs.create('items', 's3', { n: 1 }, [])),
    ).rejects.toMatchObject({ type: 'document_invalid_structure' });
    expect(() => server.app.databases.registerHooks('lab', 'items', {})).toThrow(
      /already registered/,
    );
  });
});

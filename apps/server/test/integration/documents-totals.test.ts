import { Query } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/protocol/errors.js';
import { useLabTwins } from '../support/lab-twins.js';
import { sdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';

/**
 * List totals are remembered between writes (modules/databases/documents/counts.ts): whatever writes,
 * through this process or another one on the same database, the next list counts again; a
 * write rolled back changes nothing.
 */
const lab = useLabTwins('t', 'Total', 6);
beforeAll(() => {
  lab.server.app.databases.registerHooks('lab', 'items', {
    async afterCreate(ctx, created) {
      if (created.title === 'refused') throw new AppError('general_argument_invalid', 'No.');
    },
  });
});

const total = (on: Pick<TestServer, 'endpoint'>, queries: string[] = []) =>
  sdkUser(on)
    .databases.listDocuments('lab', 'items', queries)
    .then((l) => l.total);

describe('list totals between writes', () => {
  it('follow creates, updates and deletes made here or by another process', async () => {
    const small = [Query.lessThan('n', 3)];
    expect([await total(lab.server), await total(lab.server, small)]).toEqual([6, 3]);
    expect([await total(lab.server), await total(lab.server, small)]).toEqual([6, 3]);
    // Another server process on the same database writes.
    const other = sdkUser(lab.twin);
    await other.account.createEmailSession(lab.user.email, lab.user.password);
    await other.databases.createDocument('lab', 'items', 't6', { title: 'Total 6', n: 1 });
    expect([await total(lab.server), await total(lab.server, small)]).toEqual([7, 4]);
    await other.databases.updateDocument('lab', 'items', 't0', { n: 9 });
    expect(await total(lab.server, small)).toBe(3);
    await lab.user.databases.deleteDocument('lab', 'items', 't1');
    expect([await total(lab.twin), await total(lab.twin, small)]).toEqual([6, 2]);
    expect([await total(lab.server), await total(lab.server, small)]).toEqual([6, 2]);
  });

  it('do not count a write that was rolled back', async () => {
    const search = [Query.search('title', 'total')];
    expect([await total(lab.server), await total(lab.server, search)]).toEqual([6, 6]);
    await expect(
      lab.user.databases.createDocument('lab', 'items', 'unique()', { title: 'refused', n: 1 }),
    ).rejects.toThrow('No.');
    expect([await total(lab.server), await total(lab.server, search)]).toEqual([6, 6]);
    await lab.user.databases.createDocument('lab', 'items', 'unique()', { title: 'Total 7', n: 1 });
    expect([await total(lab.server), await total(lab.server, search)]).toEqual([7, 7]);
  });
});

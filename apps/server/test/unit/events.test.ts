import { describe, expect, it } from 'vitest';
import { eventNames } from '../../src/tools/events.js';

describe('event names (docs/protocol.md §7.4)', () => {
  it('expands a document create into the 22 names', () => {
    const names = eventNames(
      'databases.[databaseId].collections.[collectionId].documents.[documentId].create',
      {
        databaseId: 'D',
        collectionId: 'C',
        documentId: 'X',
      },
    );
    expect(names).toHaveLength(22);
    expect(names).toEqual(
      expect.arrayContaining([
        'databases.D.collections.C.documents.X.create',
        'databases.*.collections.*.documents.*.create',
        'databases.D.collections.C.documents.X',
        'databases.D.collections.C',
        'databases.*',
      ]),
    );
  });

  it('expands account events with a sub-action', () => {
    expect(eventNames('users.[userId].update.name', { userId: 'U' }).sort()).toEqual(
      [
        'users.U.update',
        'users.*.update',
        'users.U.update.name',
        'users.*.update.name',
        'users.U',
        'users.*',
      ].sort(),
    );
    expect(
      eventNames('users.[userId].sessions.[sessionId].create', { userId: 'U', sessionId: 'S' }),
    ).toHaveLength(10);
  });
});

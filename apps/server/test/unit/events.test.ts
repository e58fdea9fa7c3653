import { describe, expect, it } from 'vitest';
import { createEventBus, eventNames, type ServerEvent } from '../../src/tools/events.js';

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

describe('the event bus', () => {
  it('spells out names given as a function once, when a listener first reads them', () => {
    const bus = createEventBus();
    let spelled = 0;
    const names = () => {
      spelled += 1;
      return ['a.create', 'a'];
    };
    const seen: ServerEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    bus.publish({ events: names, channels: ['a'], payload: {}, audience: ['any'] });
    expect(spelled).toBe(0);
    expect(seen[0]!.events).toEqual(['a.create', 'a']);
    expect(seen[0]!.events).toBe(seen[0]!.events);
    expect(spelled).toBe(1);
    // As the Redis broker sends it to the other servers.
    expect(JSON.parse(JSON.stringify(seen[0]))).toMatchObject({ events: ['a.create', 'a'] });
    expect(spelled).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  normaliseChannels,
  parseClientMessage,
  requestedChannels,
} from '../../src/modules/realtime/protocol.js';
import {
  Connection,
  MESSAGE_LIMIT,
  MESSAGE_WINDOW_MS,
} from '../../src/modules/realtime/connection.js';

describe('realtime channels (docs/protocol.md §7.1)', () => {
  it("de-duplicates, removes client-chosen account.<id>, adds the caller's own", () => {
    const asked = ['account', 'account.mallory', 'files', 'files', 'documents'];
    expect(normaliseChannels(asked, null)).toEqual(['account', 'files', 'documents']);
    expect(normaliseChannels(asked, 'u1')).toEqual(['account', 'files', 'documents', 'account.u1']);
    expect(normaliseChannels(['files'], 'u1')).toEqual(['files']);
  });

  it('reads channels[] from the query: a list, or one name; nothing usable is null', () => {
    expect(requestedChannels(['a', 'b'])).toEqual(['a', 'b']);
    expect(requestedChannels('a')).toEqual(['a']);
    expect(requestedChannels(undefined)).toBeNull();
    expect(requestedChannels([])).toBeNull();
    expect(requestedChannels([''])).toBeNull();
    expect(requestedChannels({ 0: 'a' })).toBeNull();
  });
});

describe('realtime client messages (docs/protocol.md §7.2)', () => {
  it.each([
    ['{', 'Message format is not valid.'],
    ['[]', 'Message format is not valid.'],
    ['null', 'Message format is not valid.'],
    ['{"data":{}}', 'Message format is not valid.'],
    ['{"type":"authentication"}', 'Message format is not valid.'],
    ['{"type":"ping","data":{}}', 'Message type is not valid.'],
    ['{"type":"authentication","data":null}', 'Payload is not valid.'],
    ['{"type":"authentication","data":{"session":5}}', 'Payload is not valid.'],
    ['{"type":"authentication","data":{"session":""}}', 'Payload is not valid.'],
  ])('%s -> %s', (raw, message) => {
    expect(parseClientMessage(raw)).toEqual({ kind: 'invalid', message });
  });

  it('accepts an authentication message with a session', () => {
    expect(parseClientMessage('{"type":"authentication","data":{"session":"abc"}}')).toEqual({
      kind: 'authentication',
      session: 'abc',
    });
  });

  it('counts messages per fixed window', () => {
    const conn = new Connection({} as never, '1.2.3.4', ['files'], 1024, () => undefined);
    const t0 = 1_000_000;
    for (let i = 0; i < MESSAGE_LIMIT; i++) expect(conn.countMessage(t0 + i)).toBe(true);
    expect(conn.countMessage(t0 + 100)).toBe(false);
    expect(conn.countMessage(t0 + MESSAGE_WINDOW_MS)).toBe(true);
  });
});

describe('realtime configuration', () => {
  it('has bounded defaults and a per-project Redis channel', () => {
    expect(loadConfig({ PROJECT_ID: 'shop1' }).realtime).toEqual({
      connectionsPerIp: 100,
      maxBufferedBytes: 4 * 1024 * 1024,
      heartbeatMs: 30_000,
      redisChannel: 'courtside:realtime:shop1',
    });
  });

  it('rejects nonsense limits', () => {
    expect(() => loadConfig({ REALTIME_CONNECTIONS_PER_IP: '0' })).toThrow(
      /REALTIME_CONNECTIONS_PER_IP/,
    );
    expect(() => loadConfig({ REALTIME_HEARTBEAT_MS: 'soon' })).toThrow(/REALTIME_HEARTBEAT_MS/);
  });
});

import type { ServerEvent } from '../../tools/events.js';

/**
 * The realtime protocol's frames (docs/protocol.md §7). Codes are WebSocket close/status codes:
 * 1003 a message the server cannot use, 1008 a policy violation (the SDK stops reconnecting), 1013
 * try again later.
 */
export const CODE = {
  formatInvalid: 1003,
  policyViolation: 1008,
  tryAgainLater: 1013,
  goingAway: 1001,
} as const;

export const MESSAGES = {
  unknownProject: 'Missing or unknown project ID',
  missingChannels: 'Missing channels',
  tooManyChannels: 'Too many channels',
  tooManyRequests: 'Too many requests',
  tooManyConnections: 'Too many connections from this address',
  tooManyMessages: 'Too many messages.',
  formatInvalid: 'Message format is not valid.',
  payloadInvalid: 'Payload is not valid.',
  sessionInvalid: 'Session is not valid.',
  typeInvalid: 'Message type is not valid.',
  invalidOrigin: (host: string) =>
    `Invalid Origin. Register your new client (${host}) as a new Web platform on your project console dashboard`,
} as const;

export const errorFrame = (code: number, message: string) =>
  JSON.stringify({ type: 'error', data: { code, message } });

export const connectedFrame = (channels: readonly string[], user: unknown) =>
  JSON.stringify({ type: 'connected', data: { channels, user } });

export const authenticatedFrame = (user: unknown) =>
  JSON.stringify({ type: 'response', data: { to: 'authentication', success: true, user } });

/** One frame per event, shared by every recipient: `channels` lists all of the event's. */
export const eventFrame = (event: ServerEvent) =>
  JSON.stringify({
    type: 'event',
    data: {
      events: event.events,
      channels: event.channels,
      timestamp: event.timestamp,
      payload: event.payload,
    },
  });

export type ClientMessage =
  { kind: 'authentication'; session: string } | { kind: 'invalid'; message: string };

/** Reads a client frame; 1.4 knows only `authentication` (docs/protocol.md §7.2). */
export function parseClientMessage(raw: string): ClientMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'invalid', message: MESSAGES.formatInvalid };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { kind: 'invalid', message: MESSAGES.formatInvalid };
  }
  const { type, data } = parsed as { type?: unknown; data?: unknown };
  if (type === undefined || data === undefined) {
    return { kind: 'invalid', message: MESSAGES.formatInvalid };
  }
  if (type !== 'authentication') return { kind: 'invalid', message: MESSAGES.typeInvalid };
  const session =
    data && typeof data === 'object' ? (data as { session?: unknown }).session : undefined;
  if (typeof session !== 'string' || session === '') {
    return { kind: 'invalid', message: MESSAGES.payloadInvalid };
  }
  return { kind: 'authentication', session };
}

/** Most channels one socket may ask for, and the longest name; both far above what apps use. */
export const MAX_CHANNELS = 100;
export const MAX_CHANNEL_LENGTH = 256;

/**
 * The channels a socket listens on (docs/protocol.md §7.1): de-duplicated, no client-chosen
 * `account.<id>`, and `account.<userId>` added for a signed-in caller who asked for `account`.
 */
export function normaliseChannels(requested: readonly string[], userId: string | null): string[] {
  const out = new Set<string>();
  for (const channel of requested) {
    if (channel.startsWith('account.')) continue;
    out.add(channel);
  }
  if (userId && out.has('account')) out.add(`account.${userId}`);
  return [...out];
}

/** The `channels[]` query parameter as a list of names, or null when it is not one. */
export function requestedChannels(value: unknown): string[] | null {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) return null;
  const names = list.filter((c): c is string => typeof c === 'string' && c !== '');
  return names.length > 0 ? names : null;
}

import { toIso } from './dates.js';

/**
 * What happened, for the realtime socket (and anything else that listens): the event names of
 * docs/protocol.md §7.4, the channels it belongs to, the model as the REST call returned it, and
 * the roles allowed to see it at the moment it happened.
 */
export interface ServerEvent {
  events: string[];
  channels: string[];
  timestamp: string;
  payload: unknown;
  /** Permission roles that may receive it; 'any' means everyone. */
  audience: string[];
}

export type EventListener = (event: ServerEvent) => void;

/**
 * What a publisher gives: `events` may be a function, called the first time a listener reads
 * the names (a write with no socket listening, as most are, never spells out its thirty-odd
 * names).
 */
export type NewEvent = Omit<ServerEvent, 'timestamp' | 'events'> & {
  events: string[] | (() => string[]);
  timestamp?: string;
};

export interface EventBus {
  publish(event: NewEvent): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(onListenerError?: (e: unknown) => void): EventBus {
  const listeners = new Set<EventListener>();
  return {
    publish({ events, ...event }) {
      let names = typeof events === 'function' ? null : events;
      const full: ServerEvent = {
        ...event,
        timestamp: event.timestamp ?? toIso(new Date()),
        get events() {
          return (names ??= (events as () => string[])());
        },
      };
      for (const listener of listeners) {
        try {
          listener(full);
        } catch (e) {
          onListenerError?.(e);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Expands a pattern such as `databases.[databaseId].collections.[collectionId].documents.
 * [documentId].create` into every name of docs/protocol.md §7.4: each id concrete or `*`, with and
 * without the action, then each shorter resource prefix.
 */
export function eventNames(pattern: string, ids: Record<string, string>): string[] {
  const tokens = pattern.split('.');
  const pairs: { resource: string; id: string }[] = [];
  let i = 0;
  while (i + 1 < tokens.length && /^\[.+\]$/.test(tokens[i + 1]!)) {
    const key = tokens[i + 1]!.slice(1, -1);
    pairs.push({ resource: tokens[i]!, id: ids[key] ?? '*' });
    i += 2;
  }
  const action = tokens.slice(i);
  const combos = (n: number): string[] => {
    let out = [''];
    for (const { resource, id } of pairs.slice(0, n)) {
      const next: string[] = [];
      for (const prefix of out) {
        const head = prefix ? `${prefix}.` : '';
        next.push(`${head}${resource}.${id}`, `${head}${resource}.*`);
      }
      out = next;
    }
    return [...new Set(out)];
  };
  const names: string[] = [];
  const full = combos(pairs.length);
  for (let cut = action.length; cut >= 1; cut--) {
    const suffix = action.slice(0, cut).join('.');
    for (const base of full) names.push(`${base}.${suffix}`);
  }
  names.push(...full);
  for (let n = pairs.length - 1; n >= 1; n--) names.push(...combos(n));
  return [...new Set(names)];
}

/**
 * The protocol's date format: YYYY-MM-DDTHH:mm:ss.SSS+00:00, always UTC (docs/protocol.md §1.15).
 * Stored the same way, so text order is time order in both SQLite and PostgreSQL.
 */
export function toIso(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** A date and wall-clock time followed by an IANA zone name: `1975-06-12 14:12:55 America/New_York`. */
const ZONED =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?\s+([A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2})$/;

/** How far `zone`'s clocks are ahead of UTC at the instant `utcMs`, in ms; null for no such zone. */
function zoneOffset(zone: string, utcMs: number): number | null {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null;
  }
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(utcMs))) part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second);
  return wall - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/** A wall-clock time in an IANA zone as an instant (a time a DST change skips moves forward). */
function zonedDate(m: RegExpExecArray): Date | null {
  const [, y, mo, d, h, mi, s = '0', frac = '0', zone] = m;
  const ms = Math.round(Number(`0.${frac}`) * 1000);
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s, ms);
  const first = zoneOffset(zone!, wall);
  if (first === null) return null;
  const second = zoneOffset(zone!, wall - first);
  if (second === null) return null;
  // Across a change of offset, the second guess holds unless it lands in the other offset: a
  // wall time the change skipped (02:30 on a spring-forward night) reads with the earlier offset,
  // so it moves forward (03:30), as PHP's DateTime reads it.
  return new Date(zoneOffset(zone!, wall - second) === second ? wall - second : wall - first);
}

/**
 * Parses what a client may send for a datetime, as Appwrite 1.4 takes it: ISO 8601 with `T` or a
 * space, with an offset (`+02:00`, `Z`) or without (UTC), or followed by an IANA zone name
 * (`1975-06-12 14:12:55 America/New_York`). Returns null when it is not a date.
 */
export function parseDate(value: string): Date | null {
  const trimmed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed)) return null;
  const zoned = ZONED.exec(trimmed);
  if (zoned) return zonedDate(zoned);
  let iso = trimmed.replace(' ', 'T');
  // A date and time with no offset is UTC, as the protocol stores it (not this machine's zone).
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso)) iso += 'Z';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

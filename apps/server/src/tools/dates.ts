/**
 * The protocol's date format: YYYY-MM-DDTHH:mm:ss.SSS+00:00, always UTC (docs/protocol.md §1.15).
 * Stored the same way, so text order is time order in both SQLite and PostgreSQL.
 */
export function toIso(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** Parses what a client may send for a datetime; returns null when it is not a date. */
export function parseDate(value: string): Date | null {
  const trimmed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed)) return null;
  const date = new Date(trimmed.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

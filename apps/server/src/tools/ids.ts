import { randomBytes } from 'node:crypto';

let lastMicros = 0n;

/**
 * A unique id as `unique()` produces it in the protocol: 20 lower-case hex characters, the
 * first 13 from the clock in microseconds, never repeating within a process (so ids made here
 * sort by creation), the last 7 random.
 */
export function uniqueId(now: Date = new Date()): string {
  let micros = BigInt(now.getTime()) * 1000n;
  if (micros <= lastMicros) micros = lastMicros + 1n;
  lastMicros = micros;
  return (
    micros.toString(16).padStart(13, '0').slice(-13) + randomBytes(4).toString('hex').slice(0, 7)
  );
}

/** Key rule of the protocol: at most 36 chars of a-z A-Z 0-9 . - _, not starting with . - _ */
export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export const isKey = (value: string): boolean => KEY_PATTERN.test(value);

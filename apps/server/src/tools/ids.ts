import { randomBytes } from 'node:crypto';

/**
 * A unique id as `unique()` produces it in the protocol: 20 lower-case hex characters, the
 * first 13 from the clock (so ids sort roughly by creation), the last 7 random.
 */
export function uniqueId(now: Date = new Date()): string {
  const micros = BigInt(now.getTime()) * 1000n + BigInt(Math.floor(Math.random() * 1000));
  const time = micros.toString(16).padStart(13, '0').slice(-13);
  return time + randomBytes(4).toString('hex').slice(0, 7);
}

/** Key rule of the protocol: at most 36 chars of a-z A-Z 0-9 . - _, not starting with . - _ */
export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export const isKey = (value: string): boolean => KEY_PATTERN.test(value);

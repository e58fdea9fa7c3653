import { describe, expect, it } from 'vitest';
import { parseDate, toIso } from '../../src/tools/dates.js';

const utc = (value: string) => {
  const date = parseDate(value);
  return date ? toIso(date) : null;
};

describe('parseDate: the datetime forms Appwrite 1.4 takes', () => {
  it('ISO 8601 with T or a space, with an offset, Z or none (UTC)', () => {
    expect(utc('1975-06-12 14:12:55+02:00')).toBe('1975-06-12T12:12:55.000+00:00');
    expect(utc('1975-06-12T14:12:55Z')).toBe('1975-06-12T14:12:55.000+00:00');
    expect(utc('1975-06-12T14:12:55.123')).toBe('1975-06-12T14:12:55.123+00:00');
    expect(utc('1975-06-12')).toBe('1975-06-12T00:00:00.000+00:00');
  });

  it('a wall-clock time in an IANA zone, summer and winter', () => {
    expect(utc('1975-06-12 14:12:55 America/New_York')).toBe('1975-06-12T18:12:55.000+00:00');
    expect(utc('1975-12-12 14:12:55 America/New_York')).toBe('1975-12-12T19:12:55.000+00:00');
    expect(utc('2026-11-25 10:00:00 Asia/Karachi')).toBe('2026-11-25T05:00:00.000+00:00');
    expect(utc('2026-11-25 10:00 UTC')).toBe('2026-11-25T10:00:00.000+00:00');
  });

  it('across a change of clocks: a skipped time moves forward, a repeated one is the first', () => {
    expect(utc('2026-03-08 02:30:00 America/New_York')).toBe('2026-03-08T07:30:00.000+00:00');
    expect(utc('2026-11-01 01:30:00 America/New_York')).toBe('2026-11-01T05:30:00.000+00:00');
  });

  it('anything else is not a date', () => {
    for (const bad of ['yesterday', '1975-06-12 14:12:55 Mars/Phobos', '1975-13-45', '', '12:00']) {
      expect(parseDate(bad)).toBeNull();
    }
  });
});

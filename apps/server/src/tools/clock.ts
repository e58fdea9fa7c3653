/** Time as a dependency, so tests can move it (token expiry, sessions, rate-limit windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function manualClock(start = new Date('2026-01-01T00:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date) => void (current = date.getTime()),
    advance: (ms: number) => void (current += ms),
  };
}

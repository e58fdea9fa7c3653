/**
 * Reading and writing the browser's storage without ever throwing: private modes, full quotas
 * and hand-edited values must not break the shop. A value that fails its check reads as missing.
 */
export function readStored<T>(key: string, check: (value: unknown) => T | null): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    if (raw == null) return null;
    return check(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the state still lives in memory for this visit.
  }
}

export function removeStored(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to do: see writeStored.
  }
}

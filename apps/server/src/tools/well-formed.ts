/**
 * Text as every database keeps it alike: a UTF-16 surrogate without its pair (JSON can carry
 * one as "\ud800") has no character to stand for. SQLite stored it as 3 bytes that later read
 * back as 3 characters, so a name within its size at creation no longer fitted when the order
 * was next updated; PostgreSQL refused it. Each lone surrogate becomes U+FFFD, the replacement
 * character, as String.prototype.toWellFormed does (ES2024), before anything reads the text.
 */

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** The string with each unpaired surrogate replaced by U+FFFD. */
export function wellFormed(text: string): string {
  // Nearly every string has no surrogate at all: one scan, no copy.
  if (!ANY_SURROGATE.test(text)) return text;
  return text.replace(LONE, '\uFFFD');
}

/**
 * A parsed JSON value with every string in it well formed, keys included; the value itself is
 * changed in place where a string changes (it was just parsed, nothing else holds it).
 */
export function wellFormedJson(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = wellFormedJson(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const fixed = wellFormed(key);
    const child = wellFormedJson(record[key]);
    if (fixed !== key) {
      delete record[key];
      // Two keys that differ only in their lone surrogates: the later one wins, as in JSON.
      record[fixed] = child;
    } else if (child !== record[key]) record[key] = child;
  }
  return record;
}

/**
 * Query strings with PHP-style arrays, as the SDK flattens them (docs/protocol.md §1.3):
 * `queries[0]=a&queries[1]=b` and `channels[]=x` become arrays; everything else stays a string.
 */
function parse(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const indexed = new Map<string, Map<number, string>>();
  for (const [key, value] of new URLSearchParams(raw)) {
    const m = /^([^[\]]+)\[(\d*)\]$/.exec(key);
    if (!m) {
      if (!(key in out)) out[key] = value;
      continue;
    }
    const name = m[1]!;
    if (m[2] === '') {
      const list = Array.isArray(out[name]) ? (out[name] as string[]) : [];
      list.push(value);
      out[name] = list;
    } else {
      const slots = indexed.get(name) ?? new Map<number, string>();
      slots.set(Number(m[2]), value);
      indexed.set(name, slots);
    }
  }
  for (const [name, slots] of indexed) {
    const ordered = [...slots.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
    const existing = Array.isArray(out[name]) ? (out[name] as string[]) : [];
    out[name] = [...ordered, ...existing];
  }
  return { ...out };
}

/**
 * The last query strings read, and what they were read as: a storefront asks the same few
 * questions over and over. What is kept is frozen, so no request can change another's.
 */
const remembered = new Map<string, Readonly<Record<string, unknown>>>();
const REMEMBERED = 500;
const REMEMBERED_LENGTH = 2048;

export function parseQueryString(raw: string): Record<string, unknown> {
  const known = remembered.get(raw);
  if (known) return known;
  const parsed = parse(raw);
  for (const value of Object.values(parsed)) if (Array.isArray(value)) Object.freeze(value);
  Object.freeze(parsed);
  if (raw.length <= REMEMBERED_LENGTH) {
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(raw, parsed);
  }
  return parsed;
}

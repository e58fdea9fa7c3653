/**
 * Accent folding for PostgreSQL's fulltext search, so that "cafe" finds "Café" there as it does
 * on SQLite (FTS5's `remove_diacritics`). PostgreSQL's `unaccent` is an extension a database
 * may not allow, so the stored tsvector folds with `translate()` over this table instead, and
 * search terms are folded with the same table here. The table holds every Latin letter with
 * diacritics that Unicode decomposes into one base letter plus marks.
 */
const RANGES: [number, number][] = [
  [0x00c0, 0x024f], // Latin-1 Supplement letters, Latin Extended-A and -B
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese and others)
];

function table(): { from: string; to: string; map: Map<string, string> } {
  let from = '';
  let to = '';
  const map = new Map<string, string>();
  for (const [start, end] of RANGES) {
    for (let code = start; code <= end; code++) {
      const ch = String.fromCodePoint(code);
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (base.length !== 1 || base === ch) continue;
      from += ch;
      to += base;
      map.set(ch, base);
    }
  }
  return { from, to, map };
}

export const ACCENTS = table();

/** The text with the table's accented letters replaced by their base letters. */
export function foldAccents(text: string): string {
  let out = '';
  for (const ch of text) out += ACCENTS.map.get(ch) ?? ch;
  return out;
}

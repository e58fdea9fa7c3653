/**
 * What buyers type into the search box, as the shop searches it. Shorthands of a line come
 * first ("aj1" is Air Jordan 1, "kobe6" Kobe 6), and a search with a model number matches that
 * number whole: "jordan 1" finds the Jordan 1 pairs, not Jordan 10, 11 or 15.
 */

/**
 * Shorthands buyers use for a line, each as the words the shop's titles hold. A shorthand
 * followed by a number ("aj1", "lbj20") works as the line's name followed by it.
 */
export const SEARCH_SHORTHANDS: Readonly<Record<string, string>> = Object.freeze({
  // "Air Jordan 1 Mid" and "Jordan 1 Retro" both hold "Jordan 1".
  aj: 'jordan',
  lbj: 'lebron',
});

/** A word of letters then digits ("kobe6", "aj11"), split into the two ("kobe 6"). */
const LETTERS_THEN_DIGITS = /^([a-z]+)(\d+)$/;

/**
 * The fulltext search term for what was typed: lower case, shorthands spelled out, a name and
 * its number apart; with a number among several words, the words as one quoted phrase (the
 * protocol's phrase search), so the number matches only whole. A quoted term stays as it is.
 */
export function searchTerm(typed: string): string {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (text.length > 1 && text.startsWith('"') && text.endsWith('"')) return text;
  const words = text
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .flatMap((word) => {
      const m = LETTERS_THEN_DIGITS.exec(word);
      return m ? [m[1]!, m[2]!] : [word];
    })
    .flatMap((word) => (SEARCH_SHORTHANDS[word] ?? word).split(' '));
  const numbered = words.length > 1 && words.some((w) => /^\d+$/.test(w));
  return numbered ? `"${words.join(' ')}"` : words.join(' ');
}

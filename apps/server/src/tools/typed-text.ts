import { escapeHtml } from './html.js';

/** How much of a text someone typed a message to an unverified address shows. */
export const TYPED_TEXT_MAX = 60;

/**
 * Text a customer typed (a name, an address, a note), as a message to an address nobody has
 * verified shows it: on one line and cut to about 60 characters, so whoever signed up with
 * someone else's address cannot write them a letter through the shop's own sender.
 */
export function typedText(value: unknown, max = TYPED_TEXT_MAX): string {
  const line = String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** The same, made safe for HTML. */
export const typedHtml = (value: unknown, max = TYPED_TEXT_MAX): string =>
  escapeHtml(typedText(value, max));

/**
 * Text from the old project (ids, names, its error messages) as the import prints it: terminal
 * escape sequences (colours, cursor moves, window titles, links) removed, other control
 * characters and the marks that reverse the direction of text shown as "?", so what the source
 * sends can neither rewrite the terminal nor hide part of a report. Tabs and line ends within a
 * text become spaces: each printed line is one line.
 */
// ESC [ ... final byte (CSI), ESC ] ... BEL or ESC \ (OSC), ESC P/X/^/_ ... ESC \ (strings), ESC x.
const ESCAPES =
  // eslint-disable-next-line no-control-regex
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[@-_]?|\x9b[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text
    .replace(ESCAPES, '')
    .replace(/[\t\n\r]/g, ' ')
    .replace(CONTROLS, '?');
}

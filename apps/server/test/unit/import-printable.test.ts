import { describe, expect, it } from 'vitest';
import { printable } from '../../src/import/printable.js';
import { reportLines } from '../../src/import/report-text.js';

/** What the old project sends is printed without anything that drives the terminal. */
describe('printable', () => {
  it('drops escape sequences: colours, cursor moves, clearing, titles, links', () => {
    expect(printable('a\x1b[31mred\x1b[0m b')).toBe('ared b');
    expect(printable('x\x1b[2J\x1b[H\x1b[1A\x1b[Ky')).toBe('xy');
    expect(printable('\x1b]0;owned\x07title')).toBe('title');
    expect(printable('\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\')).toBe('link');
    expect(printable('\x9b31mC1')).toBe('C1');
    expect(printable('lone \x1b')).toBe('lone ');
  });

  it('shows other control characters and direction marks as "?", line ends as spaces', () => {
    expect(printable('bell\x07 back\x08space nul\x00')).toBe('bell? back?space nul?');
    expect(printable('one\ntwo\r\nthree\tfour')).toBe('one two  three four');
    expect(printable('file\u202Egnp.exe')).toBe('file?gnp.exe');
    expect(printable('Ayesha Khan — ٹیسٹ')).toBe('Ayesha Khan — ٹیسٹ');
  });

  it("is applied to every line of the import's report", () => {
    const lines = reportLines({
      ok: false,
      dryRun: false,
      problems: ['user \x1b[2Jevil its labels is not a list'],
      notes: ['orders.city\x1b]0;t\x07: left empty'],
      kinds: [],
    });
    expect(lines).toContain('  - user evil its labels is not a list');
    expect(lines).toContain('  - orders.city: left empty');
    expect(lines.join('\n')).not.toContain('\x1b');
  });
});

import { describe, expect, it } from 'vitest';
import { SIZE_CHART, SIZE_ROWS, sizeChartSvg } from '../../src/shop/seed/brand-art.js';

/** Every <text>'s baseline and size, and every light row band, read back from the drawing. */
function parts(svg: string) {
  const texts = [...svg.matchAll(/<text [^>]*y="(\d+)"[^>]*font-size="(\d+)"[^>]*>([^<]*)</g)].map(
    (m) => ({ y: Number(m[1]), size: Number(m[2]), text: m[3]! }),
  );
  const bands = [
    ...svg.matchAll(/<rect x="80" y="(\d+)" width="1040" height="(\d+)" fill="#f3f4f6"/g),
  ].map((m) => ({ top: Number(m[1]), bottom: Number(m[1]) + Number(m[2]) }));
  return { texts, bands };
}

describe('the size chart picture', () => {
  const svg = sizeChartSvg();
  const { texts, bands } = parts(svg);
  const { height, tableTop, headH, rowH } = SIZE_CHART;

  it('fits on its canvas: no line is cut off at the bottom', () => {
    expect(svg).toContain(`viewBox="0 0 1200 ${height}"`);
    for (const t of texts) {
      // A descender reaches about a quarter of the font size below the baseline.
      expect(t.y + t.size * 0.25, t.text).toBeLessThanOrEqual(height - 16);
      expect(t.y - t.size, t.text).toBeGreaterThanOrEqual(0);
    }
    expect(texts.some((t) => t.text.startsWith('Not sure? Ask us on WhatsApp'))).toBe(true);
  });

  it('draws no row band over the header, and each row sits inside its own band', () => {
    const headBottom = tableTop + headH;
    for (const b of bands) expect(b.top).toBeGreaterThanOrEqual(headBottom);
    const header = texts.find((t) => t.text === 'EUR' && t.size === 26)!;
    expect(header.y).toBeGreaterThan(tableTop);
    expect(header.y).toBeLessThan(headBottom);
    SIZE_ROWS.forEach((row, i) => {
      const top = headBottom + i * rowH;
      const cell = texts.find((t) => t.text === row[0] && t.size === 30)!;
      expect(cell.y - 30 * 0.75).toBeGreaterThanOrEqual(top);
      expect(cell.y + 30 * 0.25).toBeLessThanOrEqual(top + rowH);
    });
  });
});

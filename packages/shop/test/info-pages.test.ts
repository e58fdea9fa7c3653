import { describe, expect, it } from 'vitest';
import {
  checkInfoText,
  DEFAULT_CHARGES,
  DEFAULT_FACTS,
  defaultInfoPages,
  INFO_PAGE_SLUGS,
  INFO_TEXT_LIMITS,
  isInfoTextId,
  storedInfoText,
} from '../src/index.js';

const DEFAULTS = defaultInfoPages(DEFAULT_FACTS, DEFAULT_CHARGES);

describe("the shop's pages", () => {
  it('knows its five pages and the delivery estimate, nothing else', () => {
    expect(INFO_PAGE_SLUGS.every(isInfoTextId)).toBe(true);
    expect(isInfoTextId('delivery')).toBe(true);
    expect(['about', 'FAQ', '', 'faq/'].some(isInfoTextId)).toBe(false);
  });

  it('stores text trimmed: a title on one line, a body with Unix line ends', () => {
    expect(checkInfoText('faq', { title: ' Help \n me ', body: '\r\nA\r\n\r\nB \n' })).toEqual({
      ok: { title: 'Help me', body: 'A\n\nB' },
    });
    expect(checkInfoText('delivery', { title: 'Delivery', body: ' 2-4\n working days ' })).toEqual({
      ok: { title: 'Delivery', body: '2-4 working days' },
    });
  });

  it('says what is wrong with an empty or long text', () => {
    const long = (n: number) => 'é'.repeat(n + 1);
    expect(checkInfoText('faq', { title: ' ', body: 'x' }).error).toMatch(/title/);
    expect(checkInfoText('faq', { title: 'x', body: ' ' }).error).toMatch(/text of the page/);
    expect(checkInfoText('faq', { title: long(INFO_TEXT_LIMITS.title), body: 'x' }).error).toBe(
      'The title is too long: 120 characters at most.',
    );
    expect(checkInfoText('faq', { title: 'x', body: long(INFO_TEXT_LIMITS.body) }).error).toBe(
      'The text is too long: 20,000 characters at most.',
    );
    expect(checkInfoText('delivery', { title: 'x', body: long(60) }).error).toMatch(/60/);
    // A body the delivery estimate refuses is fine for a page.
    expect(checkInfoText('faq', { title: 'x', body: long(60) }).ok).toBeDefined();
  });

  it('every default page passes its own rules', () => {
    for (const slug of INFO_PAGE_SLUGS) {
      expect(checkInfoText(slug, DEFAULTS[slug]).ok, slug).toEqual(DEFAULTS[slug]);
    }
  });

  it('reads a stored document, and nothing that is not one', () => {
    const doc = { $id: 'faq', $updatedAt: '2026-01-02T00:00:00.000+00:00', title: 'T', body: 'B' };
    expect(storedInfoText(doc)).toEqual({
      id: 'faq',
      title: 'T',
      body: 'B',
      updatedAt: doc.$updatedAt,
    });
    expect(storedInfoText({ $id: 'faq', title: 'A product', description: 'no body' })).toBeNull();
    expect(storedInfoText(null)).toBeNull();
  });
});

describe('the FAQ promises what the shop sends (apps/server/src/shop/status-mail.ts)', () => {
  it('a guest order, and news by SMS (and e-mail if given) at every step, and /track', () => {
    const faq = DEFAULTS.faq.body;
    expect(faq).toContain('## Do I need an account to order?');
    expect(faq).toContain(
      'By SMS to the mobile number you gave, and by e-mail too if you gave an address',
    );
    for (const step of [
      'when you place it',
      'when we confirm it and start packing',
      'when it ships (with the courier, the tracking number and a tracking link)',
      'when it is delivered',
      'if it is cancelled or returned',
    ]) {
      expect(faq).toContain(step);
    }
    expect(faq).toContain('[Track your order](/track)');
  });
});

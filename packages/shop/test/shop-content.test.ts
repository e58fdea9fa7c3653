import { describe, expect, it } from 'vitest';
import {
  BANNER_SLIDES,
  cleanContent,
  CONTENT_LIMITS,
  contentError,
  contentFrom,
  DEFAULT_CONTENT,
  isContentLink,
  shownSlides,
  type ShopContent,
} from '../src/index.js';

const slide = { file: 'f1', title: 'Eid drop', text: '', cta: 'Shop', link: '/shop', on: true };
const content = (over: Partial<ShopContent> = {}): ShopContent => ({
  ...DEFAULT_CONTENT,
  slides: [slide],
  ...over,
});

describe("the storefront's content", () => {
  it("starts as today's banner, promo, logo and chart", () => {
    expect(DEFAULT_CONTENT.slides.map((s) => s.title)).toEqual(BANNER_SLIDES.map((s) => s.title));
    expect(shownSlides(DEFAULT_CONTENT)).toHaveLength(5);
    expect(contentError(DEFAULT_CONTENT)).toBeNull();
    expect(DEFAULT_CONTENT.promo).toMatchObject({ title: '10% off', link: '#subscribe' });
  });

  it('leads buttons to shop paths, a part of the page or https addresses only', () => {
    for (const ok of ['/shop', '/brand/nike?x=1', '#subscribe', 'https://instagram.com/courtside'])
      expect(isContentLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'http://x.pk', '//evil.com', 'shop', 'https://', ''])
      expect(isContentLink(bad), bad).toBe(false);
  });

  it('refuses each wrong field in its words, naming the slide', () => {
    const wrong = (s: object) => contentError(content({ slides: [slide, { ...slide, ...s }] }));
    expect(wrong({ title: ' ' })).toBe('Slide 2: heading is required');
    expect(wrong({ title: 'x'.repeat(CONTENT_LIMITS.title + 1) })).toBe(
      'Slide 2: heading must be at most 60 characters',
    );
    expect(wrong({ link: 'www.shop.pk' })).toBe(
      'Slide 2: link must be a shop path like /shop, or a web address starting with https://',
    );
    expect(wrong({ file: '' })).toBe('Slide 2: choose a picture');
    expect(wrong({ file: '../etc' })).toBe(
      "Slide 2: the picture is not a file of the shop's images",
    );
    expect(wrong({ cta: '' })).toBe('Slide 2: button is required');
    expect(contentError(content({ slides: Array(9).fill(slide) }))).toBe('At most 8 slides');
    expect(contentError(content({ slides: [{ ...slide, on: false }] }))).toBe(
      'At least one slide must be shown',
    );
    expect(contentError(content({ promo: { ...DEFAULT_CONTENT.promo, link: 'ftp://x' } }))).toMatch(
      /^Promo: link must be/,
    );
    expect(contentError(content({ logo: '' }))).toBe('Logo: choose a picture');
  });

  it('is kept trimmed, and read back with a default for whatever is missing or broken', () => {
    const kept = cleanContent(content({ slides: [{ ...slide, title: '  Eid drop ' }] }));
    expect(kept.slides[0]!.title).toBe('Eid drop');
    expect(contentFrom(JSON.stringify(kept))).toEqual(kept);
    expect(contentFrom('not json')).toEqual(DEFAULT_CONTENT);
    expect(contentFrom({ slides: [{ title: 'no picture' }], logo: 5 })).toEqual({
      ...DEFAULT_CONTENT,
      slides: [],
    });
  });
});

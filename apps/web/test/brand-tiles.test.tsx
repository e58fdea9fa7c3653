import type { Product } from '@courtside/shop';
import { screen, within } from '@testing-library/react';
import { Query } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstPage } from '../src/app/first-page';
import { makeStore } from '../src/app/store';
import { BrandCarousel } from '../src/features/home/BelowFold';
import { TILES, tilePictures } from '../src/features/home/brand-tiles';
import { databases } from '../src/lib/appwrite';
import { listOf, productDoc } from './products';
import { renderPage } from './render';

/** A pair of a line, with its picture, in stock or sold out. */
const pair = (category: string, image: string, stoke: Product['stoke'] = 'true') =>
  productDoc({ $id: image, category, image, stoke });

const tile = (label: string) => TILES.find((t) => t.label === label)!;

describe('"Shop by brand" tiles: a pair of their own (docs/shop.md §2)', () => {
  it("each shows its lines' newest pair, in stock before sold out, none shown twice", () => {
    const newestFirst = [
      pair('kobe', 'kobe-sold', 'false'),
      pair('kobe', 'kobe-new'),
      pair('nike', 'nike-old'),
      pair('jordan', 'jordan-1'),
      pair('kobe', 'kobe-old'),
    ];
    const pictures = tilePictures(TILES, newestFirst);
    expect(pictures[tile('Jordan').to]).toBe('jordan-1');
    // Nike makes Kobes: its newest pair in stock.
    expect(pictures[tile('Nike').to]).toBe('kobe-new');
    // The Kobe tile shows another Kobe than the Nike tile does.
    expect(pictures[tile('Kobe').to]).toBe('kobe-old');
    // A line with no pair keeps its plain tile.
    expect(pictures[tile('Puma').to]).toBeUndefined();
    // When a line's every pair is already shown, it still shows one.
    expect(tilePictures([tile('Nike'), tile('Kobe')], [pair('kobe', 'only')])).toEqual({
      [tile('Nike').to]: 'only',
      [tile('Kobe').to]: 'only',
    });
  });

  beforeEach(() => vi.restoreAllMocks());

  it('asks once for the newest pairs of every line, and lazy small webp previews show', async () => {
    const list = vi
      .spyOn(databases, 'listDocuments')
      .mockResolvedValue(listOf([pair('jordan', 'jordan-1'), pair('kd', 'kd-1')]) as never);
    renderPage(<BrandCarousel />);
    const jordan = await screen.findByRole('link', { name: 'Jordan' });
    const img = await vi.waitFor(() => within(jordan).getByRole('presentation', { hidden: true }));
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('loading', 'lazy');
    const src = new URL(img.getAttribute('src')!, 'http://shop.test');
    expect(src.pathname).toBe('/v1/storage/buckets/images/files/jordan-1/preview');
    expect(src.searchParams.get('width')).toBe('320');
    expect(src.searchParams.get('output')).toBe('webp');
    expect(img.getAttribute('srcset')).toMatch(/width=160.* 160w, .*width=320.* 320w/);
    // The name sits on a dark fade over the picture, so it reads on any photo.
    expect(within(jordan).getByText('Jordan')).toHaveClass('bg-gradient-to-t', 'from-ink/90');
    // Nike makes KD: its tile shows the KD pair; Puma has none and keeps its colour.
    expect(
      within(screen.getByRole('link', { name: 'Nike' })).getByRole('presentation', {
        hidden: true,
      }),
    ).toHaveAttribute('src', expect.stringContaining('/kd-1/'));
    const puma = screen.getByRole('link', { name: 'Puma' });
    expect(puma.querySelector('img')).toBeNull();
    expect(puma).toHaveClass('bg-emerald-800');

    expect(list).toHaveBeenCalledTimes(1);
    const [listed, category, ...rest] = list.mock.calls[0]![2]!;
    expect(listed).toBe(Query.equal('draft', [false]));
    expect(rest).toEqual([
      Query.orderDesc('$createdAt'),
      Query.select(['category', 'image', 'stoke']),
      Query.limit(100),
    ]);
    for (const line of ['jordan', 'nike', 'kobe', 'adidas', 'dame', 'puma', 'lamalo', 'curry']) {
      expect(category).toContain(`"${line}"`);
    }
    expect(category).toMatch(/^equal\("category"/);
  });

  it('keep their plain colours when the catalogue cannot be read', async () => {
    vi.spyOn(databases, 'listDocuments').mockRejectedValue(new Error('offline'));
    renderPage(<BrandCarousel />);
    await screen.findByRole('link', { name: 'Jordan' });
    await new Promise((r) => setTimeout(r, 20));
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });

  it('come with home as the server renders it', async () => {
    const list = vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf([]) as never);
    vi.spyOn(databases, 'getDocument').mockRejectedValue(new Error('not found'));
    await prefetchFirstPage(makeStore(), '/', true);
    const selects = list.mock.calls.filter(([, , q]) => q?.some((s) => s.startsWith('select(')));
    expect(selects).toHaveLength(1);
  });
});

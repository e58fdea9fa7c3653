import { DEFAULT_HIGHLIGHTS, HIGHLIGHTS_ID } from '@courtside/shop';
import { screen, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchFirstPage } from '../src/app/first-page';
import { makeStore } from '../src/app/store';
import { ServiceHighlights } from '../src/features/home/BelowFold';
import { databases } from '../src/lib/appwrite';
import { renderPage } from './render';

const notFound = () => new AppwriteException('Document not found', 404, 'document_not_found');

/** The pages collection holding these highlights (none: never saved). */
function savedHighlights(body: string | null) {
  return vi.spyOn(databases, 'getDocument').mockImplementation(async (_db, col, id) => {
    if (col !== 'pages' || id !== HIGHLIGHTS_ID || body === null) throw notFound();
    return { $id: id, $updatedAt: '', title: 'Service highlights', body } as never;
  });
}

const boxes = async () => {
  const section = await screen.findByRole('region', { name: 'Our service' });
  await vi.waitFor(() => expect(section).not.toHaveAttribute('aria-busy'));
  return within(section)
    .getAllByRole('heading', { level: 3 })
    .map((h) => [h.textContent, h.nextElementSibling?.textContent]);
};

beforeEach(() => vi.restoreAllMocks());

describe("home's service highlights (D33)", () => {
  it('promise by default what one person keeps: WhatsApp replies 9am-9pm, not 24/7', async () => {
    savedHighlights(null);
    renderPage(<ServiceHighlights />);
    expect(await boxes()).toEqual(DEFAULT_HIGHLIGHTS.map((h) => [h.title, h.text]));
    expect(screen.getByText('WhatsApp replies 9am-9pm')).toBeInTheDocument();
    expect(screen.queryByText(/24\/7/)).toBeNull();
  });

  it("say the owner's own words, each box never saved at its default", async () => {
    savedHighlights(JSON.stringify([{ title: 'Open 24/7', text: 'We mean it' }]));
    renderPage(<ServiceHighlights />);
    expect(await boxes()).toEqual([
      ['Open 24/7', 'We mean it'],
      ...DEFAULT_HIGHLIGHTS.slice(1).map((h) => [h.title, h.text]),
    ]);
  });

  it('keep their three boxes while loading, and promise nothing when they cannot be read', async () => {
    let fail!: (e: unknown) => void;
    vi.spyOn(databases, 'getDocument').mockReturnValue(
      new Promise((_, reject) => (fail = reject)) as never,
    );
    const { container } = renderPage(<ServiceHighlights />);
    const section = screen.getByRole('region', { name: 'Our service' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    fail(new AppwriteException('Server error', 500, 'general_unknown'));
    await vi.waitFor(() => expect(container.querySelector('section')).toBeNull());
  });

  it('come with home as the server renders it', async () => {
    const read = savedHighlights(null);
    vi.spyOn(databases, 'listDocuments').mockResolvedValue({ total: 0, documents: [] } as never);
    await prefetchFirstPage(makeStore(), '/', true);
    expect(read).toHaveBeenCalledWith('shop', 'pages', HIGHLIGHTS_ID);
  });
});

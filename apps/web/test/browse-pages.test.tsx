import { act, screen, waitFor, within } from '@testing-library/react';
import { linesOfBrand } from '@courtside/shop';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandPage } from '../src/features/browse/BrandPage';
import { SearchPage } from '../src/features/browse/SearchPage';
import { BrandCarousel } from '../src/features/home/BelowFold';
import { PhoneMenu } from '../src/features/shell/PhoneMenu';
import { SearchBox } from '../src/features/shell/SearchBox';
import { databases } from '../src/lib/appwrite';
import { productDoc } from './products';
import { renderPage } from './render';

/** A wide screen: the filters sit in the side column (they load in a chunk of their own). */
function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** listDocuments answering with `total` pairs for each call's queries (one card shown, if any). */
function answer(total: (queries: string[]) => number) {
  return vi
    .spyOn(databases, 'listDocuments')
    .mockImplementation(async (_db, _col, queries = []) => {
      const n = total(queries);
      return { total: n, documents: n ? [productDoc()] : [] } as never;
    });
}

/** Every list of the shop leaves drafts out. */
const LISTED = 'equal("draft", [false])';
const nike = `equal("category", [${linesOfBrand('nike')
  .map((l) => `"${l}"`)
  .join(',')}])`;

describe('a brand page', () => {
  it('lists every line of the brand, and its filters live in the address', async () => {
    wideScreen();
    const list = answer((queries) => (queries.some((q) => q.includes('"size"')) ? 3 : 12));
    const { user, router } = renderPage(<BrandPage />, {
      path: '/brand/:slug',
      url: '/brand/nike',
    });
    expect(await screen.findByRole('heading', { name: 'Nike', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('12 pairs')).toBeInTheDocument();
    expect(list.mock.calls[0]![2]).toEqual([
      LISTED,
      nike,
      'orderDesc("stoke")',
      'orderDesc("$createdAt")',
      'limit(24)',
    ]);
    const lines = screen.getByRole('navigation', { name: 'Nike lines' });
    expect(within(lines).getByRole('link', { name: 'Kobe' })).toHaveAttribute(
      'href',
      '/category/kobe',
    );

    const filters = screen.getByRole('complementary', { name: 'Filters' });
    await user.click(await within(filters).findByRole('button', { name: 'EUR 43' }));
    expect(router.state.location.search).toBe('?size=43');
    expect(await screen.findByText('3 pairs')).toBeInTheDocument();
    expect(list.mock.calls.at(-1)![2]).toEqual([
      LISTED,
      nike,
      'equal("size", [43])',
      'orderDesc("stoke")',
      'orderDesc("$createdAt")',
      'limit(24)',
    ]);
    expect(within(filters).getByRole('button', { name: 'EUR 43' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    expect(router.state.location.search).toBe('?size=43&sort=price-asc');
    await waitFor(() => expect(list.mock.calls.at(-1)![2]).toContain('orderAsc("sale_price")'));

    // Back undoes one change at a time.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?size=43');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('12 pairs')).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'EUR 43' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('on a phone the filters open in a sheet that shows how many pairs they leave', async () => {
    answer((queries) => (queries.some((q) => q.includes('"size"')) ? 4 : 16));
    const { user, router } = renderPage(<BrandPage />, {
      path: '/brand/:slug',
      url: '/brand/nike',
    });
    expect(await screen.findByText('16 pairs')).toBeInTheDocument();
    // Nothing of the filters' chunk is needed until the button is tapped.
    expect(screen.queryByRole('button', { name: 'EUR 46' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(sheet).getByRole('button', { name: 'EUR 46' }));
    expect(router.state.location.search).toBe('?size=46');
    expect(await within(sheet).findByRole('button', { name: 'Show 4 pairs' })).toBeVisible();
    await user.click(within(sheet).getByRole('button', { name: 'Show 4 pairs' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters1');
  });

  it('a filter chip takes its filter off; no match offers to clear them', async () => {
    answer((queries) => (queries.some((q) => q.includes('condition')) ? 0 : 5));
    const { user, router } = renderPage(<BrandPage />, {
      path: '/brand/:slug',
      url: '/brand/adidas?cond=9&in_stock=1',
    });
    expect(await screen.findByText('No pairs match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove filter 9+/10' }));
    expect(router.state.location.search).toBe('?in_stock=1');
    expect(await screen.findByText('5 pairs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(router.state.location.search).toBe('');
  });

  it('an unknown brand shows the not-found page', () => {
    const list = answer(() => 0);
    renderPage(<BrandPage />, { path: '/brand/:slug', url: '/brand/reebok' });
    expect(screen.getByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back To Home Page' })).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });
});

describe('size chips', () => {
  it('say how many pairs each size has available; sizes without any are greyed, not choosable', async () => {
    wideScreen();
    const sized = [
      productDoc({ $id: 'a', size: 43 }),
      productDoc({ $id: 'b', size: 43 }),
      productDoc({ $id: 'c', size: 44.5, stock: 1 }),
      // Flagged in stock but none left: not available.
      productDoc({ $id: 'd', size: 46, stock: 0 }),
    ];
    const list = vi
      .spyOn(databases, 'listDocuments')
      .mockImplementation(async (_db, _col, queries = []) =>
        queries.some((q) => q.startsWith('select('))
          ? ({ total: sized.length, documents: sized } as never)
          : ({ total: 1, documents: [productDoc()] } as never),
      );
    const { user, router } = renderPage(<BrandPage />, {
      path: '/brand/:slug',
      url: '/brand/nike?size=42&max=25000',
    });
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    const size43 = await within(filters).findByRole('button', {
      name: 'EUR 43, 2 pairs available',
    });
    expect(size43).toHaveTextContent('43 · 2');
    expect(size43).toBeEnabled();
    expect(
      within(filters).getByRole('button', { name: 'EUR 44.5, 1 pair available' }),
    ).toBeEnabled();
    for (const none of [44, 46, 48]) {
      expect(
        within(filters).getByRole('button', { name: `EUR ${none}, none available` }),
      ).toBeDisabled();
    }
    // A chosen size without pairs stays pressable, to take it off.
    const chosen = within(filters).getByRole('button', { name: 'EUR 42, none available' });
    expect(chosen).toBeEnabled();
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    // Counted over the list's other filters, any size, in stock only, reading sizes alone.
    const counted = list.mock.calls.find((c) => c[2]!.some((q) => q.startsWith('select(')))!;
    expect(counted[2]).toEqual([
      LISTED,
      nike,
      'lessThanEqual("sale_price", [25000])',
      'equal("stoke", ["true"])',
      'select(["size","stoke","stock"])',
      'limit(5000)',
    ]);
    // The size guide is one tap from the sizes.
    expect(within(filters).getByRole('link', { name: 'Size guide (US, UK)' })).toHaveAttribute(
      'href',
      '/sizes',
    );
    await user.click(size43);
    expect(router.state.location.search).toBe('?size=42&size=43&max=25000');
  });

  it('show no counts rather than wrong ones when the list holds more pairs than were read', async () => {
    wideScreen();
    vi.spyOn(databases, 'listDocuments').mockImplementation(
      async (_db, _col, queries = []) =>
        (queries.some((q) => q.startsWith('select('))
          ? { total: 6000, documents: [productDoc()] }
          : { total: 1, documents: [productDoc()] }) as never,
    );
    renderPage(<BrandPage />, { path: '/brand/:slug', url: '/brand/nike' });
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    expect(await within(filters).findByRole('button', { name: 'EUR 46' })).toBeEnabled();
    expect(within(filters).getByRole('button', { name: 'EUR 43' })).toHaveTextContent(/^43$/);
  });
});

describe('the ways to a brand', () => {
  it('the home tiles of a brand open its page, those of a line its category', () => {
    renderPage(<BrandCarousel />);
    expect(screen.getByRole('link', { name: 'Nike' })).toHaveAttribute('href', '/brand/nike');
    expect(screen.getByRole('link', { name: 'Jordan' })).toHaveAttribute('href', '/brand/jordan');
    expect(screen.getByRole('link', { name: 'Kobe' })).toHaveAttribute('href', '/category/kobe');
  });

  it('the phone menu lists every pair, the brands with their lines, sizes and the guide', async () => {
    const { user } = renderPage(<PhoneMenu />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: /All shoes/ })).toHaveAttribute('href', '/shop');
    expect(within(menu).getByRole('link', { name: /^Under Armour/ })).toHaveAttribute(
      'href',
      '/brand/under-armour',
    );
    const nikeLines = within(menu).getByRole('list', { name: 'Nike lines' });
    expect(within(nikeLines).getByRole('link', { name: 'Kyrie' })).toHaveAttribute(
      'href',
      '/category/kyrie',
    );
    expect(within(menu).getByRole('link', { name: 'Every pair in EUR 42.5' })).toHaveAttribute(
      'href',
      '/shop?size=42.5',
    );
    expect(within(menu).getByRole('link', { name: /Size guide/ })).toHaveAttribute(
      'href',
      '/sizes',
    );
    await user.click(within(menu).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});

describe('search', () => {
  it('the results page without words asks for some, and asks the server nothing', () => {
    const list = answer(() => 0);
    renderPage(<SearchPage />, { path: '/search', url: '/search?q=%20' });
    expect(screen.getByRole('heading', { name: 'Search the shop', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Type what you are looking for')).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });

  it('Enter in the header search opens the results page', async () => {
    answer(() => 0);
    const { user, router } = renderPage(<SearchBox />);
    await user.type(
      screen.getByRole('combobox', { name: 'Search products by title' }),
      'jordan 1{Enter}',
    );
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=jordan%201');
  });

  it('the results page asks for the best matches first, in stock then sold out, with the filters of every list', async () => {
    wideScreen();
    // Two matches in stock, one sold out (the size chips' count aside).
    const list = answer((queries) =>
      queries.some((q) => q.startsWith('select('))
        ? 0
        : queries.includes('equal("stoke", ["false"])')
          ? 1
          : 2,
    );
    const { user, router } = renderPage(<SearchPage />, {
      path: '/search',
      url: '/search?q=jordan%201',
    });
    expect(
      await screen.findByRole('heading', { name: 'Results for “jordan 1”', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('3 pairs')).toBeInTheDocument();
    // No order: the server ranks the matches, the pairs in stock and the sold-out ones apart.
    const phrase = 'search("title", ["\\"jordan 1\\""])';
    const pages = () =>
      list.mock.calls.map((c) => c[2]!).filter((q) => !q.some((x) => x.startsWith('select(')));
    expect(pages().slice(0, 2)).toEqual([
      [LISTED, phrase, 'equal("stoke", ["true"])', 'limit(24)'],
      [LISTED, phrase, 'equal("stoke", ["false"])', 'limit(24)'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    await user.click(
      await within(screen.getByRole('complementary', { name: 'Filters' })).findByRole('button', {
        name: 'Rs.15,000 to 25,000',
      }),
    );
    expect(router.state.location.search).toBe('?q=jordan+1&min=15000&max=25000');
    await waitFor(() =>
      expect(pages().slice(-2)).toEqual([
        [
          LISTED,
          phrase,
          'greaterThanEqual("sale_price", [15000])',
          'lessThanEqual("sale_price", [25000])',
          'equal("stoke", ["true"])',
          'limit(24)',
        ],
        [
          LISTED,
          phrase,
          'greaterThanEqual("sale_price", [15000])',
          'lessThanEqual("sale_price", [25000])',
          'equal("stoke", ["false"])',
          'limit(24)',
        ],
      ]),
    );
  });

  it('keeps the words in the search box on the results page', async () => {
    answer(() => 2);
    renderPage(
      <>
        <SearchBox />
        <SearchPage />
      </>,
      { path: '/search', url: '/search?q=aj1' },
    );
    expect(screen.getByRole('combobox', { name: 'Search products by title' })).toHaveValue('aj1');
    // Two in stock, two sold out.
    expect(await screen.findByText('4 pairs')).toBeInTheDocument();
  });

  it('offers to find a pair it has not got on WhatsApp', async () => {
    answer(() => 0);
    renderPage(<SearchPage />, { path: '/search', url: '/search?q=kobe%209%20elite' });
    expect(await screen.findByText('Your search did not match any Product')).toBeInTheDocument();
    const ask = screen.getByRole('link', { name: /Ask us to find it on WhatsApp/ });
    expect(ask.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=.*kobe%209%20elite/);
  });
});

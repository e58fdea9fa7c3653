import {
  COD_FEE,
  DEFAULT_CHARGES,
  DEFAULT_FACTS,
  defaultInfoPages,
  formatRs,
  INFO_PAGE_SLUGS,
  type InfoPageSlug,
} from '@courtside/shop';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppwriteException } from 'appwrite';
import { Provider } from 'react-redux';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isRenderedOnServer } from '../src/app/first-page';
import { routes } from '../src/app/router';
import { makeStore } from '../src/app/store';
import { DeliveryEstimate } from '../src/entities/info-page/DeliveryEstimate';
import { account, databases } from '../src/lib/appwrite';
import { parsePageText, type Inline } from '../src/lib/page-text';
import { listOf, productDoc } from './products';
import { renderPage } from './render';

const notFound = () => new AppwriteException('Document not found', 404, 'document_not_found');

/** The pages collection with these documents saved; every other read is a product. */
function savedPages(saved: Record<string, { title: string; body: string }>) {
  return vi.spyOn(databases, 'getDocument').mockImplementation(async (_db, col, id) => {
    if (col !== 'pages') return productDoc() as never;
    const doc = saved[id];
    if (!doc) throw notFound();
    return { $id: id, $updatedAt: '2026-03-01T10:00:00.000+00:00', ...doc } as never;
  });
}

function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, user: userEvent.setup() };
}

const slow = { timeout: 5000 };

beforeEach(() => {
  vi.restoreAllMocks();
  window.scrollTo = vi.fn() as never;
  vi.spyOn(account, 'get').mockRejectedValue(new Error('guests'));
  vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf([productDoc()]) as never);
});

describe("the shop's pages", () => {
  it('the footer links to each of them, and FAQ shows its default text', async () => {
    const get = savedPages({});
    const { router, user } = renderApp('/');
    const quick = await screen.findByRole('heading', { name: 'Quick Links' });
    const links = within(quick.parentElement!).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(INFO_PAGE_SLUGS.map((s) => `/${s}`));
    await user.click(within(quick.parentElement!).getByRole('link', { name: 'FAQ' }));
    expect(router.state.location.pathname).toBe('/faq');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How can I pay?' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`${formatRs(COD_FEE)} fee is added`))).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('shop', 'pages', 'faq');
    expect(document.title).toBe('Frequently Asked Questions | Courtside');
  });

  it("shows the owner's saved text instead of the default", async () => {
    savedPages({ terms: { title: 'Our Terms', body: '## Orders\nWe confirm every order.' } });
    renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Our Terms' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('We confirm every order.')).toBeInTheDocument();
    expect(screen.queryByText(/These terms apply/)).toBeNull();
  });

  it('are rendered on the server, like the size guide', () => {
    for (const slug of INFO_PAGE_SLUGS) expect(isRenderedOnServer(`/${slug}`), slug).toBe(true);
    expect(isRenderedOnServer('/faq/more')).toBe(false);
  });
});

describe('the default texts', () => {
  const links = (parts: Inline[]): string[] =>
    parts.flatMap((p) =>
      p.kind === 'link' ? [p.href] : p.kind === 'strong' ? links(p.children) : [],
    );
  const DEFAULTS = defaultInfoPages(DEFAULT_FACTS, DEFAULT_CHARGES);
  const hrefsOf = (slug: InfoPageSlug) =>
    parsePageText(DEFAULTS[slug].body).flatMap((b) =>
      b.kind === 'heading'
        ? links(b.content)
        : (b.kind === 'list' ? b.items : b.lines).flatMap(links),
    );

  it("say the shop's facts: cash on delivery and its fee, transfers, WhatsApp and e-mail", () => {
    const all = Object.values(DEFAULTS)
      .map((p) => p.body)
      .join('\n');
    expect(all).toContain(`${formatRs(COD_FEE)} cash on delivery fee`);
    for (const account of DEFAULT_FACTS.accounts) expect(all).toContain(account.bank);
    const contact = hrefsOf('contact');
    expect(contact).toContain(`https://wa.me/${DEFAULT_FACTS.whatsapp.slice(1)}`);
    expect(contact).toContain(`mailto:${DEFAULT_FACTS.email}`);
    expect(contact).toContain(DEFAULT_FACTS.instagram);
  });

  it('link only to pages the shop has', () => {
    for (const slug of INFO_PAGE_SLUGS) {
      for (const href of hrefsOf(slug).filter((h) => h.startsWith('/'))) {
        const matched = matchRoutes(routes, href)?.at(-1)?.route.path;
        expect(matched, `${slug} links to ${href}`).not.toBe('*');
      }
    }
  });
});

describe('the delivery estimate', () => {
  it('is the default until the owner saves one', async () => {
    savedPages({});
    renderPage(<DeliveryEstimate />);
    expect(await screen.findByText('2-4 working days')).toBeInTheDocument();
    expect(screen.getByTestId('delivery')).toHaveTextContent('Delivery: 2-4 working days');
  });

  it("is the owner's once saved", async () => {
    savedPages({ delivery: { title: 'Delivery estimate', body: '1-2 working days' } });
    renderPage(<DeliveryEstimate />);
    expect(await screen.findByText('1-2 working days')).toBeInTheDocument();
  });

  it('says nothing when it cannot be read, rather than a promise that may be wrong', async () => {
    vi.spyOn(databases, 'getDocument').mockRejectedValue(
      new AppwriteException('Server Error', 500, 'general_unknown'),
    );
    renderPage(<DeliveryEstimate />);
    const line = screen.getByTestId('delivery');
    await vi.waitFor(() => expect(databases.getDocument).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(line).toHaveTextContent('');
  });
});

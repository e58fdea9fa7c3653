import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../src/app/store';
import { login } from '../src/entities/session/auth-slice';
import { ProductPage } from '../src/features/product/ProductPage';
import { databases } from '../src/lib/appwrite';
import { listOf, productDoc } from './products';
import { renderPage } from './render';

function mockProduct(
  product = productDoc(),
  related = [productDoc({ $id: '222222222', title: 'KD 15', disc_price: 0 })],
) {
  vi.spyOn(databases, 'getDocument').mockResolvedValue(product as never);
  return vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf(related) as never);
}

const open = (store = makeStore()) =>
  renderPage(<ProductPage />, { path: '/product/:slug', url: '/product/123456789', store });
const addButton = () => screen.getByRole('button', { name: 'Add to cart' });

beforeEach(() => vi.restoreAllMocks());

describe('product page', () => {
  it('shows title, prices, badge, EUR size, condition, stock and Only N left', async () => {
    mockProduct();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kobe 6 Protro' }),
    ).toBeInTheDocument();
    expect(screen.getByText('-20%')).toBeInTheDocument();
    expect(screen.getByText('EUR 43')).toBeInTheDocument();
    expect(screen.getByText('9/10')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ask on WhatsApp/ }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\d+\?text=.*Kobe%206%20Protro/,
    );
  });

  it('the buy bar holds the price, the size, Add to cart and a chat about this pair', async () => {
    mockProduct();
    open();
    const bar = await screen.findByRole('region', { name: 'Buy this pair' });
    expect(bar).toHaveTextContent('Rs.24,000');
    expect(bar).toHaveTextContent('EUR 43');
    expect(within(bar).getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(within(bar).getByRole('group', { name: 'Quantity' })).toBeInTheDocument();
    const chat = within(bar).getByRole('link', { name: 'Chat on WhatsApp about this pair' });
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=.*Kobe%206%20Protro/);
    // Sticky on phones only, above the bottom bar.
    expect(bar.className).toMatch(/(^| )sticky( |$)/);
    expect(bar.className).toMatch(/sm:static/);
  });

  it('the size says its US and UK sizes and opens the size guide in one tap', async () => {
    mockProduct();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Kobe 6 Protro' });
    expect(screen.getByText('US 9.5 · UK 8.5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Size guide' })).toHaveAttribute('href', '/sizes');
  });

  it('Related Items: the same line, then the same brand, then the newest; never this pair', async () => {
    const self = productDoc();
    const sameLine = productDoc({ $id: '111111111', title: 'Kobe 5 Protro' });
    const sameBrand = productDoc({ $id: '222222222', title: 'KD 15', category: 'kd' });
    const newest = productDoc({ $id: '333333333', title: 'Curry 10', category: 'curry' });
    // Each list as the server answers it; the product itself slips into one, as if the server
    // had ignored the exclusion.
    const list = mockProduct(self).mockImplementation(async (_db, _col, queries = []) => {
      const q = queries.join(' ');
      if (q.includes('equal("category", ["kobe"])')) return listOf([sameLine, self]) as never;
      if (q.includes('equal("category"')) return listOf([sameBrand]) as never;
      return listOf([newest, sameLine, sameBrand]) as never;
    });
    open();
    const carousel = await screen.findByRole('list', { name: 'Related Items' });
    await within(carousel).findByText('Kobe 5 Protro');
    expect(
      within(carousel)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Kobe 5 Protro', 'KD 15', 'Curry 10']);
    const asked = list.mock.calls.map((c) => c[2]);
    const tail = ['notEqual("$id", ["123456789"])', 'limit(10)', 'orderDesc("$createdAt")'];
    // Drafts are left out of every list (the server shows shoppers none anyway).
    const listed = 'equal("draft", [false])';
    expect(asked).toHaveLength(3);
    expect(asked[0]).toEqual(['equal("category", ["kobe"])', listed, ...tail]);
    // Kobe is Nike's: the brand's other lines next.
    expect(asked[1]?.[0]).toMatch(/^equal\("category", \["nike","kyrie","kd",.*\]\)$/);
    expect(asked[1]?.[0]).not.toContain('"kobe"');
    expect(asked[2]).toEqual([listed, ...tail]);
  });

  it('the quantity stops at the stock and Add to cart adds it', async () => {
    mockProduct();
    const { user, store } = open();
    await screen.findByRole('heading', { level: 1 });
    const picker = screen.getByRole('group', { name: 'Quantity' });
    const plus = within(picker).getByRole('button', { name: 'Increase quantity' });
    expect(within(picker).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(plus);
    expect(plus).toBeDisabled();
    await user.click(addButton());
    expect(store.getState().cart.items).toMatchObject([{ $id: '123456789', quantity: 2 }]);
    expect(addButton()).toBeDisabled();
  });

  it('an out-of-stock product cannot be added', async () => {
    mockProduct(productDoc({ stoke: 'false', stock: 0 }));
    const { store } = open();
    const button = await screen.findByRole('button', { name: 'Out of Stock' });
    expect(button).toBeDisabled();
    expect(store.getState().cart.items).toEqual([]);
  });

  it('toggles the wishlist; admins get the update link instead', async () => {
    mockProduct();
    const { user, store } = open();
    const heart = await screen.findByRole('button', { name: 'Add to wishlist' });
    await user.click(heart);
    expect(store.getState().wishList.items.map((p) => p.$id)).toEqual(['123456789']);
    await user.click(screen.getByRole('button', { name: 'Remove from wishlist' }));
    expect(store.getState().wishList.items).toEqual([]);

    const admin = makeStore();
    admin.dispatch(
      login({ $id: 'u1', name: 'Owner', email: 'o@x.pk', phone: '', labels: ['admin'] }),
    );
    open(admin);
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Update' })[0]).toHaveAttribute(
        'href',
        '/dashboard/editproduct/123456789',
      ),
    );
  });

  it('see more / see less on a long description', async () => {
    mockProduct(productDoc({ description: 'Clean pair. '.repeat(40) }));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'see more' }));
    expect(screen.getByRole('button', { name: 'see less' })).toBeInTheDocument();
  });

  it('gallery arrows and dots move between the pictures', async () => {
    mockProduct();
    const { user } = open();
    await screen.findByRole('img', { name: 'Kobe 6 Protro, picture 1 of 3' });
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img', { name: 'Kobe 6 Protro, picture 2 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img', { name: 'Kobe 6 Protro, picture 3 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show picture 1 of 3' }));
    expect(screen.getByRole('img', { name: 'Kobe 6 Protro, picture 1 of 3' })).toHaveAttribute(
      'src',
      expect.stringContaining('output=webp'),
    );
  });
});

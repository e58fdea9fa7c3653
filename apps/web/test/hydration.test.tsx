import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CART_STORAGE_KEY } from '@courtside/shop';
import { HYDRATED_EVENT, SHOP_STATE_ID } from '@courtside/shop/web-page';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootShop } from '../src/app/boot';
import { markStoredCart } from '../src/loader/stored-cart';
import { lazyModulesFor, renderPage } from '../src/entry-server';
import { listOf, productDoc } from './products';
import * as sdk from './support/fake-appwrite';

// Hydration runs in slices among the other suites' work: give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

const KOBE = productDoc({ $id: '111111111', title: 'Kobe 6 Protro' });
const KD = productDoc({ $id: '222222222', title: 'KD 15', category: 'kd' });

/** What reaches React's recoverable-error channel and the console while the page hydrates. */
let problems: string[];
const onError = (e: ErrorEvent) => problems.push(`error: ${e.message}`);

beforeEach(() => {
  problems = [];
  sdk.databases.listDocuments.mockResolvedValue(listOf([KOBE, KD]));
  sdk.databases.getDocument.mockResolvedValue(KOBE);
  sdk.account.get.mockRejectedValue(Object.assign(new Error('no session'), { code: 401 }));
  window.addEventListener('error', onError);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  window.removeEventListener('error', onError);
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The page as the backend sends it: the rendered markup in the root, its data beside it. */
async function arriveAt(path: string) {
  const page = await renderPage(`http://localhost:3000${path}`);
  if (!page) throw new Error(`${path} is not rendered on the server`);
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${page.html}</div><script type="application/json" id="${SHOP_STATE_ID}">${JSON.stringify(page.state)}</script>`;
  return page;
}

describe('a server-rendered page taken over by the app', () => {
  it('renders every home section on the server', async () => {
    const { html } = await arriveAt('/');
    for (const words of ['New arrivals', 'Shop by brand', 'Best selling', '10% off']) {
      expect(html).toContain(words);
    }
    expect(html).toContain('Same item guarantee');
  });

  it("hydrates without a mismatch while the visitor's cart comes in", async () => {
    await arriveAt('/');
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ $id: KD.$id, title: KD.title, price: 30000, disc_price: 0, quantity: 1 }]),
    );
    const rendered = document.getElementById('root')!.innerHTML;
    const hydrated = new Promise((resolve) => document.addEventListener(HYDRATED_EVENT, resolve));
    bootShop();
    await hydrated;
    // The header (an island) hydrated with the page's data, then showed the browser's cart.
    await waitFor(() =>
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 1 item' }),
      ).toBeInTheDocument(),
    );
    expect(rendered).toContain('Best selling');
    expect(problems).toEqual([]);
  });

  it("renders a product's Related Items on the server, never the product itself", async () => {
    const { html } = await arriveAt(`/product/${KOBE.$id}`);
    const related = html.slice(html.indexOf('Related Items'));
    expect(related).not.toBe(html);
    expect(related).toContain(`/product/${KD.$id}`);
    // Asked for without this product's id, and left out should a list still bring it.
    const asked = sdk.databases.listDocuments.mock.calls.map((c) => JSON.stringify(c[2]));
    expect(asked.some((q) => q.includes('notEqual') && q.includes(KOBE.$id))).toBe(true);
    expect(related).not.toContain(`/product/${KOBE.$id}`);
    bootShop();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Related Items' })).toBeInTheDocument(),
    );
    await new Promise((resolve) => document.addEventListener(HYDRATED_EVENT, resolve));
    expect(problems).toEqual([]);
  });

  it('searches what was typed in the search box before the app took the page over', async () => {
    await arriveAt('/');
    const box = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    box.focus();
    box.value = 'Kobe'; // typed while the app was still loading: no handler heard it
    bootShop();
    const search = box.closest<HTMLElement>('[role="search"]')!;
    await waitFor(() =>
      expect(within(search).getByRole('link', { name: KOBE.title })).toBeInTheDocument(),
    );
    expect(box).toHaveValue('Kobe');
    expect(problems).toEqual([]);
  });

  it('opens the search dropdown when the box was tapped before the app took over', async () => {
    await arriveAt('/');
    document.querySelector<HTMLInputElement>('input[type="search"]')!.focus();
    bootShop();
    expect(await screen.findByText('Search items here')).toBeInTheDocument();
  });

  it("renders the cart page on the server, and the browser's lines once the app is in", async () => {
    const { html } = await arriveAt('/cart');
    // The server knows no cart: the empty message, and a placeholder shown instead of it when
    // the head script has seen lines in the browser.
    expect(html).toContain('Your Cart is Empty');
    expect(html).toContain('data-cart-stored');
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ $id: KD.$id, title: KD.title, price: 30000, disc_price: 0, quantity: 1 }]),
    );
    markStoredCart();
    expect(document.documentElement.dataset.cart).toBe('stored');
    bootShop();
    expect(await screen.findByRole('heading', { name: 'Order Summary' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: KD.title })).toBeInTheDocument();
    expect(document.querySelector('[data-cart-empty], [data-cart-stored]')).toBeNull();
    expect(problems).toEqual([]);
    delete document.documentElement.dataset.cart;
  });

  it("names the files of a path's lazy pages as Vite's manifest does", () => {
    expect(lazyModulesFor('/account/my-orders')).toEqual([
      'src/features/account/AccountLayout.tsx',
      'src/features/account/MyOrdersPage.tsx',
    ]);
    expect(lazyModulesFor('/cart')).toEqual(['src/features/cart/CartPage.tsx']);
    expect(lazyModulesFor('/')).toEqual([]);
    for (const file of lazyModulesFor('/dashboard/orders/abc123')) {
      expect(existsSync(join(import.meta.dirname, '..', file)), file).toBe(true);
    }
  });
});

import type { CartLine } from '@courtside/shop';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../src/app/store';
import { CartPage } from '../src/features/cart/CartPage';
import { refreshLines } from '../src/entities/cart/cart-refresh';
import { addAllToCart, refreshCart } from '../src/entities/cart/cart-slice';
import { useCartRefresh, type CartRefresh } from '../src/entities/cart/use-cart-refresh';
import { databases } from '../src/lib/appwrite';
import { listOf, productDoc } from './products';
import { renderPage } from './render';

/** What the browser kept when the customer added them. */
const kept = (over: Partial<CartLine>): CartLine => ({
  $id: '1',
  title: 'Kobe 6',
  price: 30000,
  disc_price: 24000,
  stoke: 'true',
  stock: 3,
  quantity: 1,
  ...over,
});

const kobe = kept({ $id: '1', title: 'Kobe 6', quantity: 2 });
const kd = kept({ $id: '2', title: 'KD 15', price: 20000, disc_price: 0, quantity: 2 });
const dame = kept({ $id: '3', title: 'Dame 8', price: 9000, disc_price: 0 });
const lebron = kept({ $id: '4', title: 'LeBron 20', price: 40000, disc_price: 0 });

/** The shop now: Kobe's discount price went up, KD has one pair left, Dame sold out, LeBron gone. */
const now = [
  productDoc({ $id: '1', title: 'Kobe 6 Protro', price: 30000, disc_price: 26000, stock: 3 }),
  productDoc({ $id: '2', title: 'KD 15', price: 20000, disc_price: 0, stock: 1 }),
  productDoc({ $id: '3', title: 'Dame 8', price: 9000, disc_price: 0, stoke: 'false', stock: 0 }),
];

beforeEach(() => vi.restoreAllMocks());

describe('refreshing the cart from fresh products (D9)', () => {
  it('takes prices, names and stock from the shop, caps quantities, drops sold-out and gone lines', () => {
    const { lines, changes } = refreshLines([kobe, kd, dame, lebron], now, ['1', '2', '3', '4']);
    expect(lines).toMatchObject([
      { $id: '1', title: 'Kobe 6 Protro', disc_price: 26000, quantity: 2, image: 'main-file' },
      { $id: '2', quantity: 1, stock: 1 },
    ]);
    expect(changes).toEqual([
      { kind: 'price', id: '1', title: 'Kobe 6 Protro', was: 24000, now: 26000 },
      { kind: 'quantity', id: '2', title: 'KD 15', was: 2, now: 1 },
      { kind: 'sold-out', id: '3', title: 'Dame 8' },
      { kind: 'gone', id: '4', title: 'LeBron 20' },
    ]);
  });

  it('leaves lines it did not ask about alone, and reports nothing when nothing changed', () => {
    const { lines, changes } = refreshLines(
      [kobe, kd],
      [productDoc({ $id: '2', title: 'KD 15', price: 20000, disc_price: 0, stock: 3 })],
      ['2'],
    );
    expect(lines[0]).toBe(kobe);
    expect(changes).toEqual([]);
  });

  it('the reducer applies it to the stored cart', () => {
    localStorage.setItem('cart', JSON.stringify([kobe, kd, dame, lebron]));
    const store = makeStore();
    store.dispatch(refreshCart({ products: now, checked: ['1', '2', '3', '4'] }));
    expect(store.getState().cart.items.map((l) => [l.$id, l.disc_price, l.quantity])).toEqual([
      ['1', 26000, 2],
      ['2', 0, 1],
    ]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(2);
  });
});

describe('useCartRefresh', () => {
  it('the cart page checks its lines in one list call and says what changed', async () => {
    const list = vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf(now) as never);
    // As a returning customer's browser holds them.
    localStorage.setItem('cart', JSON.stringify([kobe, kd, dame, lebron]));
    renderPage(<CartPage />);
    const notice = await screen.findByText(/Your cart was updated/);
    expect(list).toHaveBeenCalledTimes(1);
    expect(list.mock.calls[0]).toEqual([
      'shop',
      'products',
      ['equal("$id", ["1","2","3","4"])', 'limit(4)'],
    ]);
    const box = notice.parentElement!;
    expect(box).toHaveTextContent('Kobe 6 Protro: the price is now Rs.26,000 (was Rs.24,000).');
    expect(box).toHaveTextContent('KD 15: only 1 left, so your quantity is now 1 (was 2).');
    expect(box).toHaveTextContent('Dame 8 has sold out and was removed from your cart.');
    expect(box).toHaveTextContent(
      'LeBron 20 is no longer available and was removed from your cart.',
    );
    // The summary is the shop's: 2 x 26,000 + 20,000.
    expect(screen.getByText('Subtotal (3 items)').nextSibling).toHaveTextContent('Rs.72,000');
    expect(screen.queryByRole('link', { name: 'Dame 8' })).toBeNull();
  });

  it('refresh() can be called again (checkout, on "Prices changed"); a failed check changes nothing', async () => {
    const store = makeStore();
    store.dispatch(addAllToCart([kobe]));
    let api!: CartRefresh;
    function Probe() {
      api = useCartRefresh({ onMount: false });
      return <p>{api.changes.length} changes</p>;
    }
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    const list = vi.spyOn(databases, 'listDocuments').mockRejectedValueOnce(new Error('offline'));
    expect(await act(() => api.refresh())).toEqual([]);
    expect(store.getState().cart.items[0]).toMatchObject({ disc_price: 24000 });
    list.mockResolvedValueOnce(listOf([now[0]!]) as never);
    const changes = await act(() => api.refresh());
    expect(changes).toEqual([
      { kind: 'price', id: '1', title: 'Kobe 6 Protro', was: 24000, now: 26000 },
    ]);
    expect(store.getState().cart.items[0]).toMatchObject({ disc_price: 26000, quantity: 1 });
    expect(screen.getByText('1 changes')).toBeInTheDocument();
  });
});

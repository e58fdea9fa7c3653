import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router';
import { makeStore } from '../src/app/store';
import { addToCart } from '../src/entities/cart/cart-slice';
import { toggleWishlist } from '../src/entities/wishlist/wishlist-slice';
import { DEFAULT_FACTS, shopTitle } from '@courtside/shop';

const SHOP_TITLE = shopTitle(DEFAULT_FACTS);
import { account, databases } from '../src/lib/appwrite';
import { listOf, productDoc } from './products';

function renderApp(url: string) {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const { unmount } = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, unmount, user: userEvent.setup() };
}

/** Lazy pages load their code first: generous on a busy machine. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5000 });
const slow = { timeout: 5000 };

const shopper = (name: string) =>
  ({ $id: 'u1', name, email: 'a@example.com', phone: '', labels: [], prefs: {} }) as never;

beforeEach(() => {
  vi.restoreAllMocks();
  window.scrollTo = vi.fn() as never;
  document.title = 'Written by the server';
  vi.spyOn(account, 'get').mockRejectedValue(new Error('guests'));
  vi.spyOn(databases, 'getDocument').mockResolvedValue(productDoc() as never);
  vi.spyOn(databases, 'listDocuments').mockResolvedValue(listOf([productDoc()]) as never);
});

describe('scrolling (docs/shop.md §2)', () => {
  it('keeps the place on the page the visitor arrived at, and goes to the top on the next', async () => {
    const { router } = renderApp('/product/123456789');
    await screen.findByRole('heading', { level: 1, name: 'Kobe 6 Protro' }, slow);
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/category/kobe'));
    await until(() =>
      expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 })),
    );
  });
});

describe('page titles', () => {
  it('every page names itself, and home gets the shop title back after a product', async () => {
    const { router, user } = renderApp('/product/123456789');
    await screen.findByRole('heading', { level: 1, name: 'Kobe 6 Protro' }, slow);
    await until(() => expect(document.title).toBe('Kobe 6 Protro | Courtside'));

    await user.click(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Courtside home' }),
    );
    await screen.findByRole('heading', { name: 'New arrivals' }, slow);
    await until(() => expect(document.title).toBe(SHOP_TITLE));
    expect(SHOP_TITLE).toBe('Courtside | Basketball shoes in Pakistan');

    const visit = async (path: string, title: string) => {
      await act(() => router.navigate(path));
      await until(() => expect(document.title).toBe(title));
    };
    await visit('/category/kobe', 'Kobe | Courtside');
    await visit('/category/spaceboots', 'Page not found | Courtside');
    await visit('/cart', 'Cart | Courtside');
    await visit('/sizes', 'Size guide | Courtside');
    await visit('/no/such/page', 'Page not found | Courtside');
    await visit('/login', 'Sign in | Courtside');
    await visit('/signup', 'Sign up | Courtside');
    await visit('/account/my-orders', 'My Orders | Courtside');
    await visit('/account/wishlist', 'Wishlist | Courtside');
  }, 20_000); // eleven pages, most of them lazy chunks: room for a busy machine

  it('a page with no name of its own does not keep the previous page’s', async () => {
    const { router } = renderApp('/cart');
    await until(() => expect(document.title).toBe('Cart | Courtside'));
    // The product is still loading: the shop's title, not "Cart".
    vi.spyOn(databases, 'getDocument').mockReturnValue(new Promise(() => {}) as never);
    await act(() => router.navigate('/product/999999999'));
    await until(() => expect(document.title).toBe(SHOP_TITLE));
  });
});

describe('header', () => {
  it('counts in the cart and wishlist links read as words, pluralised', async () => {
    const { store } = renderApp('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    act(() => {
      store.dispatch(addToCart(productDoc()));
      store.dispatch(toggleWishlist(productDoc()));
    });
    expect(within(banner).getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
    const quick = screen.getByRole('navigation', { name: 'Quick' });
    expect(within(quick).getByRole('link', { name: 'Cart, 1 item' })).toHaveAttribute(
      'href',
      '/cart',
    );
    act(() => {
      store.dispatch(addToCart(productDoc({ $id: '2', title: 'KD 15', stock: 3 })));
      store.dispatch(addToCart(productDoc({ $id: '2', title: 'KD 15', stock: 3 })));
    });
    expect(within(banner).getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it('the bottom bar and the header together always carry Home, Size(s), Cart and Track Order', () => {
    renderApp('/');
    const quick = screen.getByRole('navigation', { name: 'Quick' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    // One shows below `md`, the other from `md`: the switch happens at the same width.
    expect(quick.className).toContain('md:hidden');
    expect(main.className).toMatch(/(^|\s)hidden(\s|$)/);
    expect(main.className).toContain('md:flex');
    for (const name of ['Home', 'Size', 'Track Order'])
      expect(within(quick).getByRole('link', { name })).toBeInTheDocument();
    for (const name of ['Home', 'Sizes'])
      expect(within(main).getByRole('link', { name })).toBeInTheDocument();
  });

  it('greets a guest session (no name, e-mail or number) as a guest, a known account as back', async () => {
    vi.spyOn(account, 'get').mockResolvedValueOnce({
      ...(shopper('') as object),
      email: '',
    } as never);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Welcome guest' })).toBeInTheDocument();
  });

  it('greets with the full name, cut short with an ellipsis but whole in its title', async () => {
    vi.spyOn(account, 'get').mockResolvedValue(shopper('Ayesha Siddiqa Rahman'));
    const { store, user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Welcome Ayesha Siddiqa Rahman' });
    expect(toggle).toHaveAttribute('title', 'Welcome Ayesha Siddiqa Rahman');
    expect(within(toggle).getByText('Ayesha Siddiqa Rahman')).toHaveClass('truncate');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // A disclosure of plain links: no menu roles that would promise arrow keys.
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('menu')).toBeNull();
    // The panel's code loads on the first approach to the button.
    const panel = await vi.waitFor(() => {
      const found = document.getElementById(toggle.getAttribute('aria-controls')!);
      if (!found) throw new Error('no panel yet');
      return found;
    });
    expect(within(panel).getByRole('link', { name: 'Manage My Account' })).toHaveAttribute(
      'href',
      '/account/my-account',
    );
    expect(within(panel).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'href',
      '/account/my-orders',
    );
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'Manage My Account' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    vi.spyOn(account, 'deleteSession').mockResolvedValue({} as never);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(store.getState().auth.status).toBe(false));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveClass('whitespace-nowrap');
  });
});

describe("the owner's way to the dashboard", () => {
  it('the account menu offers Go To Dashboard to an admin only', async () => {
    vi.spyOn(account, 'get').mockResolvedValue({
      ...(shopper('Owner') as object),
      labels: ['admin'],
    } as never);
    const { user, unmount } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Welcome Owner' }));
    expect(screen.getByRole('link', { name: 'Go To Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/overview',
    );
    unmount();

    vi.spyOn(account, 'get').mockResolvedValue(shopper('Ayesha Khan'));
    const customer = renderApp('/');
    await customer.user.click(await screen.findByRole('button', { name: 'Welcome Ayesha Khan' }));
    expect(screen.getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go To Dashboard' })).toBeNull();
  });
});

describe('floating WhatsApp link', () => {
  it('is one button to WhatsApp (and, from 1440 px, the social pages), left out of checkout and the account area', async () => {
    // Signed in, so /checkout stays put instead of sending a visitor to log in.
    vi.spyOn(account, 'get').mockResolvedValue(shopper('Ayesha Khan'));
    const { router } = renderApp('/');
    const chat = screen.getByRole('link', { name: 'Chat on WhatsApp' });
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=Hi%20Courtside!/);
    const links = screen.getByRole('complementary', { name: 'Chat and social links' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => [
          a.getAttribute('aria-label'),
          /(^| )hidden .*min-\[1440px\]:grid/.test(a.className),
        ]),
    ).toEqual([
      ['Instagram', true],
      ['Facebook', true],
      ['TikTok', true],
      ['Chat on WhatsApp', false],
    ]);
    await act(() => router.navigate('/checkout'));
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.queryByRole('link', { name: 'Chat on WhatsApp' })).toBeNull();
    await act(() => router.navigate('/account/wishlist'));
    expect(screen.queryByRole('link', { name: 'Chat on WhatsApp' })).toBeNull();
    await act(() => router.navigate('/sizes'));
    expect(await screen.findByRole('link', { name: 'Chat on WhatsApp' })).toBeInTheDocument();
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The container itself, as a mark of when it mounts (toasts.test.tsx shows the real one).
vi.mock('../src/components/ui/ToastHost', () => ({
  default: () => <div data-testid="toast-host" />,
}));

/** toasts.tsx as a page loads it: the container not yet wanted. */
async function freshToasts() {
  vi.resetModules();
  return import('../src/components/ui/toasts');
}

/** Longer than the browser's first idle moment after the page's load (jsdom: a timeout of 0). */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('when the toast container loads (docs/architecture.md#speed)', () => {
  it('on the storefront, at the first tap, not while the page settles', async () => {
    window.history.replaceState(null, '', '/product/111111111');
    const { Toasts } = await freshToasts();
    render(<Toasts />);
    await settled();
    expect(screen.queryByTestId('toast-host')).toBeNull();
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(await screen.findByTestId('toast-host')).toBeInTheDocument();
  });

  it('on the storefront, at the first key', async () => {
    window.history.replaceState(null, '', '/checkout');
    const { Toasts } = await freshToasts();
    render(<Toasts />);
    await settled();
    expect(screen.queryByTestId('toast-host')).toBeNull();
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    });
    expect(await screen.findByTestId('toast-host')).toBeInTheDocument();
  });

  it('on the storefront, at the first toast raised before any tap', async () => {
    window.history.replaceState(null, '', '/');
    const { Toasts, notify } = await freshToasts();
    render(<Toasts />);
    act(() => notify.addedToCart());
    expect(await screen.findByTestId('toast-host')).toBeInTheDocument();
  });

  it('in the dashboard, which raises toasts of its own accord, once the page has loaded', async () => {
    window.history.replaceState(null, '', '/dashboard/orders');
    const { Toasts } = await freshToasts();
    render(<Toasts />);
    expect(await screen.findByTestId('toast-host')).toBeInTheDocument();
  });
});

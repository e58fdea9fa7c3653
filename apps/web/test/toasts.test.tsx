import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOAST_DEFAULTS } from '../src/components/ui/ToastHost';
import { notify, Toasts } from '../src/components/ui/toasts';

/** The container (and its position class) a toast with this text was rendered in. */
async function shown(text: string) {
  const toast = await screen.findByText(text);
  const container = toast.closest('.Toastify__toast-container');
  expect(container, text).not.toBeNull();
  const progress = toast.closest('.Toastify__toast')!.querySelector('.Toastify__progress-bar');
  return { container: container!, progress: progress as HTMLElement | null };
}

describe('toasts (docs/shop.md §8 and §9)', () => {
  it('each says its text at its place, closing after 5 s', async () => {
    render(<Toasts />);
    const cases: [() => void, string, string][] = [
      [notify.addedToCart, 'Added to Cart', 'bottom-left'],
      [notify.addedToWishlist, 'Added to WishList', 'bottom-left'],
      [notify.removedFromWishlist, 'Removed from WishList', 'bottom-left'],
      [notify.removedFromCart, 'Item removed from Cart', 'top-right'],
      [notify.cartReset, 'Cart has been Reset', 'top-right'],
      [notify.allAddedToCart, 'All Items Added to cart', 'top-right'],
    ];
    for (const [raise, text, position] of cases) {
      act(() => raise());
      const { container, progress } = await shown(text);
      expect(container, text).toHaveClass(`Toastify__toast-container--${position}`);
      expect(progress?.style.animationDuration, text).toBe('5000ms');
      // Bottom toasts are lifted over the phone's bottom bar (toasts.css).
      expect(container.classList.contains('toasts-above-bar'), text).toBe(
        position.startsWith('bottom'),
      );
    }
  });

  it('the container keeps the spec defaults: top-right, 5000 ms, drag to close at 80%', () => {
    expect(TOAST_DEFAULTS).toEqual({
      position: 'top-right',
      autoClose: 5000,
      draggablePercent: 80,
    });
  });
});

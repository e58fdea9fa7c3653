import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULTS, WIDE_SCREEN } from '../src/components/ui/ToastHost';
import { notify, Toasts } from '../src/components/ui/toasts';

/** The toast with this text: its container, its card and its progress bar. */
async function shown(text: string) {
  const body = await screen.findByText(text);
  const toast = body.closest('.Toastify__toast') as HTMLElement;
  const container = toast.closest('.Toastify__toast-container');
  expect(container, text).not.toBeNull();
  const progress = toast.querySelector('.Toastify__progress-bar');
  return { container: container!, toast, progress: progress as HTMLElement | null };
}

/** A screen `width` px wide, as matchMedia answers for Tailwind's `md` (768 px). */
function screenOf(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === WIDE_SCREEN && width >= 768,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const CASES: [() => void, string, 'success' | 'info' | 'error'][] = [
  [notify.addedToCart, 'Added to Cart', 'success'],
  [notify.addedToWishlist, 'Added to WishList', 'success'],
  [notify.removedFromWishlist, 'Removed from WishList', 'info'],
  [notify.removedFromCart, 'Item removed from Cart', 'info'],
  [notify.cartReset, 'Cart has been Reset', 'info'],
  [notify.allAddedToCart, 'All Items Added to cart', 'success'],
  [notify.productAddedToCart, 'This product added to cart', 'success'],
  [() => notify.error('The export failed: offline'), 'The export failed: offline', 'error'],
];

describe('toasts (docs/shop.md §8 and §9, D32)', () => {
  it.each([
    [360, 'bottom-center'],
    [1280, 'top-right'],
  ])(
    'at %i px each says its text in one place, as its kind, closing after 5 s',
    async (width, place) => {
      screenOf(width);
      render(<Toasts />);
      for (const [raise, text, kind] of CASES) {
        act(() => raise());
        const { container, toast, progress } = await shown(text);
        // One place for all: above the phone's bottom bar, or top right under the header.
        expect(container, text).toHaveClass(`Toastify__toast-container--${place}`);
        // The kind is what toasts.css colours: its icon, its edge and its progress bar.
        expect(toast, text).toHaveClass(`Toastify__toast--${kind}`);
        expect(progress, text).toHaveClass(`Toastify__progress-bar--${kind}`);
        expect(progress?.style.animationDuration, text).toBe('5000ms');
      }
      expect(document.querySelectorAll('.Toastify__toast-container')).toHaveLength(1);
    },
  );

  it('the container keeps the spec defaults: top-right, 5000 ms, drag to close at 80%', () => {
    expect(TOAST_DEFAULTS).toEqual({
      position: 'top-right',
      autoClose: 5000,
      draggablePercent: 80,
    });
  });
});

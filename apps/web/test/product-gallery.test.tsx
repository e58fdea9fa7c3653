import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Gallery } from '../src/features/product/Gallery';

/**
 * The gallery with Embla Carousel running in jsdom: jsdom lays nothing out and has no
 * ResizeObserver, IntersectionObserver or matchMedia, so each slide is given a 300 px box side by
 * side and the others are stand-ins that never report.
 */
const WIDTH = 300;

// Embla and the zoom view are loaded on demand (dynamic imports): time for them on a busy machine.
configure({ asyncUtilTimeout: 5000 });
const layout = {
  offsetWidth: () => WIDTH,
  offsetHeight: () => WIDTH,
  offsetTop: () => 0,
  // Embla lets a drag start only in a carousel that is displayed.
  offsetParent(this: HTMLElement) {
    return this.parentElement;
  },
  offsetLeft(this: HTMLElement) {
    if (this.getAttribute('aria-roledescription') !== 'slide') return 0;
    return [...this.parentElement!.children].indexOf(this) * WIDTH;
  },
};
const saved = Object.keys(layout).map(
  (key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)!] as const,
);

class Quiet {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** Embla reads the last slide's margin; jsdom computes only what a style sheet declares. */
const margins = Object.assign(document.createElement('style'), {
  textContent: '[aria-roledescription="slide"] { margin: 0 }',
});

beforeEach(() => {
  document.head.append(margins);
  for (const [key, get] of Object.entries(layout)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get });
  }
  vi.stubGlobal('ResizeObserver', Quiet);
  vi.stubGlobal('IntersectionObserver', Quiet);
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
});

afterEach(() => {
  margins.remove();
  for (const [key, descriptor] of saved) {
    Object.defineProperty(HTMLElement.prototype, key, descriptor);
  }
  vi.unstubAllGlobals();
});

const IMAGES = ['file-1', 'file-2', 'file-3'];
const dot = (n: number) => screen.getByRole('button', { name: `Show picture ${n} of 3` });
/** A picture's button, also while its slide is off screen (hidden from assistive technology). */
const picture = (n: number) =>
  screen.getByRole('button', { name: `View picture ${n} of 3 full screen`, hidden: true });

/** A mouse drag across the picture by `dx` pixels, as Embla hears it. */
function drag(target: Element, dx: number) {
  fireEvent.mouseDown(target, { button: 0, clientX: 250, clientY: 100 });
  for (const step of [0.25, 0.5, 0.75, 1]) {
    fireEvent.mouseMove(document, {
      button: 0,
      buttons: 1,
      clientX: 250 + dx * step,
      clientY: 100,
    });
  }
  fireEvent.mouseUp(document, { button: 0, clientX: 250 + dx, clientY: 100 });
  // The click a browser sends at the end of a drag: the carousel swallows it.
  fireEvent.click(target);
}

describe('product gallery', () => {
  it('a swipe moves to the next picture and back; the dots follow', async () => {
    render(<Gallery images={IMAGES} title="Kobe 6" />);
    // Embla starts once the page has loaded and the browser is idle.
    await waitFor(() => expect(picture(1).closest('[style*="transform"]')).not.toBeNull());
    expect(dot(1)).toHaveAttribute('aria-current', 'true');

    drag(picture(1), -200);
    await waitFor(() => expect(dot(2)).toHaveAttribute('aria-current', 'true'));
    expect(picture(2)).toHaveAttribute('tabindex', '0');
    expect(picture(1)).toHaveAttribute('tabindex', '-1');
    expect(picture(1).closest('[aria-roledescription="slide"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    // The drag's closing click did not open the zoom view.
    expect(screen.queryByRole('dialog')).toBeNull();

    drag(picture(2), 200);
    await waitFor(() => expect(dot(1)).toHaveAttribute('aria-current', 'true'));
  });

  it('arrow keys move between the pictures, wrapping around; focus goes along', async () => {
    const user = userEvent.setup();
    render(<Gallery images={IMAGES} title="Kobe 6" />);
    picture(1).focus();
    await user.keyboard('{ArrowLeft}');
    expect(dot(3)).toHaveAttribute('aria-current', 'true');
    expect(picture(3)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    expect(picture(1)).toHaveFocus();
  });

  it('a tap opens the zoom view on that picture at full size; Escape closes it, back on the gallery', async () => {
    const user = userEvent.setup();
    render(<Gallery images={IMAGES} title="Kobe 6" />);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    await user.click(picture(2));
    const dialog = await screen.findByRole('dialog');
    const shown = await waitFor(() => {
      const img = dialog.querySelector<HTMLImageElement>('.yarl__slide_current img');
      expect(img).not.toBeNull();
      return img!;
    });
    expect(shown).toHaveAttribute('alt', 'Kobe 6, picture 2 of 3');
    expect(shown.getAttribute('src')).toMatch(/\/files\/file-2\/preview\?width=1600&/);
    expect(shown.getAttribute('src')).not.toContain('height=');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Closed on the third picture: the gallery shows it, and focus is on it.
    expect(dot(3)).toHaveAttribute('aria-current', 'true');
    expect(picture(3)).toHaveFocus();
  });
});

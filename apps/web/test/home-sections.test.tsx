import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_SLIDES } from '@courtside/shop';
import { Promo } from '../src/features/home/BelowFold';
import { Countdown } from '../src/features/home/HomeSections';

afterEach(() => vi.useRealTimers());

describe('promo', () => {
  it('says its offer as text over a decorative picture, readable at any width', () => {
    const { container } = render(<Promo />);
    expect(screen.getByRole('region', { name: '10% off' })).toBeInTheDocument();
    expect(screen.getByText('your first order when you subscribe')).toBeInTheDocument();
    expect(screen.getByText('Free delivery on orders over Rs.10,000')).toBeInTheDocument();
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(img.getAttribute('src')).toContain('/files/promo/preview');
    // Its call to action leads to the footer's subscribe box, which sends the code.
    expect(screen.getByRole('link', { name: 'Get my 10% code' })).toHaveAttribute(
      'href',
      '#subscribe',
    );
  });

  it('each banner slide leads where its words say', () => {
    expect(BANNER_SLIDES.map((s) => [s.title, s.cta, s.link])).toEqual([
      ['Fresh pairs every week', 'Shop new pairs', '/shop'],
      ['Kobe, KD and Kyrie', 'Shop Nike', '/brand/nike'],
      ['Cash on delivery', 'How it works', '/faq'],
      ['Find your size', 'Size guide', '/sizes'],
      ['Free delivery over Rs.10,000', 'Message us', '/contact'],
    ]);
  });

  it('keeps the words when the picture fails to load', () => {
    const { container } = render(<Promo />);
    act(() => void container.querySelector('img')!.dispatchEvent(new Event('error')));
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: '10% off' })).toBeInTheDocument();
  });
});

describe('countdown (docs/shop.md §4, D15)', () => {
  it('renders nothing when turned off, as on the home carousels', () => {
    const { container } = render(<Countdown />);
    expect(container).toBeEmptyDOMElement();
    const off = render(<Countdown active={false} deadline="2099-01-01T00:00:00" />);
    expect(off.container).toBeEmptyDOMElement();
  });

  it('ticks down every second when on, and stops at zero', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-08-30T23:59:50'));
    render(<Countdown active deadline="2024-08-31T23:59:59" />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('01 days00 hours00 minutes09 seconds');
    act(() => void vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('01 days00 hours00 minutes08 seconds');
    act(() => void vi.advanceTimersByTime(9000 + 86_400_000));
    expect(timer).toHaveTextContent('00 days00 hours00 minutes00 seconds');
  });
});

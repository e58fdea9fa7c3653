import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_SLIDES } from '@courtside/shop';
import { Banner } from '../src/features/home/Banner';
import { Promo } from '../src/features/home/BelowFold';
import { Countdown } from '../src/features/home/HomeSections';
import { renderPage } from './render';
import { CHARGES_ANSWER, mockShopCalls } from './shop-calls';

beforeEach(() => {
  vi.restoreAllMocks();
  mockShopCalls({});
});
afterEach(() => vi.useRealTimers());

describe('promo', () => {
  it('says its offer as text over a decorative picture, readable at any width', async () => {
    const { container } = renderPage(<Promo />);
    expect(screen.getByRole('region', { name: '10% off' })).toBeInTheDocument();
    expect(screen.getByText('your first order when you subscribe')).toBeInTheDocument();
    expect(await screen.findByText('Free delivery over Rs.10,000')).toBeInTheDocument();
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
      ['Free delivery', 'Message us', '/contact'],
    ]);
  });

  it("the banner and the promo name the owner's free-delivery threshold, or say it is always free", async () => {
    mockShopCalls({ charges: { ...CHARGES_ANSWER, free_delivery_from: 15_000 } });
    renderPage(
      <>
        <Banner />
        <Promo />
      </>,
    );
    // The slide's words and its link's name, and the promo's line.
    expect(await screen.findAllByText('Free delivery over Rs.15,000')).toHaveLength(2);
    expect(
      screen.getByRole('link', { name: 'Message us: Free delivery over Rs.15,000', hidden: true }),
    ).toBeInTheDocument();
    vi.restoreAllMocks();
    mockShopCalls({ charges: { ...CHARGES_ANSWER, delivery_charge: 0 } });
    const always = renderPage(<Promo />);
    expect(await always.findByText('Free delivery, always')).toBeInTheDocument();
  });

  it('keeps the words when the picture fails to load', () => {
    const { container } = renderPage(<Promo />);
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

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DiscountBadge, Price } from '../src/components/product/Price';

describe('price display', () => {
  it('shows the discounted price and strikes the original through (D2, D5)', () => {
    const { container } = render(<Price product={{ price: 30000, disc_price: 24000 }} />);
    expect(container.textContent).toBe('Price Rs.24,000Original price Rs.30,000');
    expect(container.querySelector('s')?.textContent).toContain('Rs.30,000');
  });

  it('shows only the price without a real discount', () => {
    for (const disc_price of [0, 30000, 35000]) {
      const { container, unmount } = render(<Price product={{ price: 30000, disc_price }} />);
      expect(container.textContent).toBe('Price Rs.30,000');
      expect(container.querySelector('s')).toBeNull();
      unmount();
    }
  });

  it('the badge is 100 minus the rounded ratio, and absent without a discount', () => {
    render(<DiscountBadge product={{ price: 30000, disc_price: 24000 }} />);
    expect(screen.getByText('-20%')).toBeInTheDocument();
    const { container } = render(<DiscountBadge product={{ price: 9000, disc_price: 0 }} />);
    expect(container).toBeEmptyDOMElement();
    render(<DiscountBadge product={{ price: 3000, disc_price: 1999 }} />);
    expect(screen.getByText('-33%')).toBeInTheDocument();
  });
});

import { CONDITION_GRADES, CONDITION_CHECKS, conditionGrade } from '@courtside/shop';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConditionBadge, GradeDot } from '../src/components/product/ConditionGrade';
import { ProductCard } from '../src/components/product/ProductCard';
import { FilterPanel } from '../src/entities/browse/FilterPanel';
import { NO_FILTERS } from '../src/entities/browse/filters';
import { ConditionCard } from '../src/features/product/ConditionCard';
import { productDoc } from './products';
import { renderPage } from './render';
import { contrastWithWhite } from './support/contrast';

/** jsdom gives inline colours back as rgb(); the same form from a hex. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('condition grades', () => {
  it('read a condition out of 10 as one grade each, best first', () => {
    expect([10, 9.5, 9, 8.5, 8, 7, 6.5, 0].map((c) => conditionGrade(c).id)).toEqual([
      'new',
      'like-new',
      'like-new',
      'excellent',
      'excellent',
      'good',
      'fair',
      'fair',
    ]);
  });

  it('each have a colour of their own that white text reads on', () => {
    const colours = CONDITION_GRADES.map((g) => g.colour);
    expect(new Set(colours).size).toBe(colours.length);
    for (const c of colours) expect(contrastWithWhite(c)).toBeGreaterThanOrEqual(4.5);
  });

  it('show in the same colour on the badge, a product card and the condition filter', () => {
    const grade = conditionGrade(8.5);
    const { container, unmount } = render(
      <>
        <ConditionBadge condition={8.5} />
        <GradeDot condition={8} />
      </>,
    );
    const painted = [...container.querySelectorAll<HTMLElement>('[data-grade]')];
    expect(painted.map((el) => [el.dataset.grade, el.style.backgroundColor])).toEqual([
      ['excellent', rgb(grade.colour)],
      ['excellent', rgb(grade.colour)],
    ]);
    unmount();

    renderPage(<ProductCard product={productDoc({ condition: 8.5 })} />);
    const card = screen.getByRole('article');
    expect(card.querySelector<HTMLElement>('[data-grade]')!.style.backgroundColor).toBe(
      rgb(grade.colour),
    );

    renderPage(
      <FilterPanel
        filters={NO_FILTERS('newest')}
        change={() => undefined}
        scope={{ lines: null, q: null }}
      />,
    );
    const chip = screen.getByRole('button', { name: '8+/10' });
    expect(chip.querySelector<HTMLElement>('[data-grade]')!.style.backgroundColor).toBe(
      rgb(grade.colour),
    );
  });
});

describe('condition card', () => {
  it('is not shown for a new pair', () => {
    const { container } = renderPage(<ConditionCard product={productDoc({ condition: 10 })} />);
    expect(container.querySelector('section')).toBeNull();
  });

  it("shows a pre-loved pair's grade, what was checked and the filled photo slots only", () => {
    const product = productDoc({
      condition: 8.5,
      condition_photos: JSON.stringify({ tag: 'file-tag', sole: 'file-sole' }),
    });
    renderPage(<ConditionCard product={product} />);
    const card = screen.getByRole('region', { name: 'Condition' });
    expect(within(card).getByText('8.5/10 · Excellent')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'What we checked' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...CONDITION_CHECKS]);
    // Sole before size tag, in the card's order; heel and box were left empty.
    const photos = within(card).getByRole('list', { name: 'Condition photos' });
    expect(
      within(photos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sole', 'Size tag']);
    expect(within(photos).getByRole('img', { name: `${product.title}: sole` })).toHaveAttribute(
      'src',
      expect.stringContaining('file-sole'),
    );
  });

  it('leaves the photos out when the owner added none, or they cannot be read', () => {
    for (const condition_photos of ['', '{"toe":"x"}', undefined]) {
      const { unmount } = renderPage(
        <ConditionCard product={productDoc({ condition: 7, condition_photos })} />,
      );
      expect(screen.getByText('7/10 · Good')).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Condition photos' })).toBeNull();
      unmount();
    }
  });
});

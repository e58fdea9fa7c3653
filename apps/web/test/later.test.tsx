import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Later, useStagedCount } from '../src/components/ui/Later';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function List({ items }: { items: string[] }) {
  const shown = useStagedCount(items.length, 2);
  return (
    <ul>
      {items.slice(0, shown).map((x) => (
        <li key={x}>{x}</li>
      ))}
    </ul>
  );
}

describe('rendering after the first paint (issue 7)', () => {
  it('Later holds the place, then renders its content in the next task', () => {
    const { container } = render(
      <Later reserve="min-h-screen">
        <p>Best selling</p>
      </Later>,
    );
    expect(screen.queryByText('Best selling')).toBeNull();
    expect(container.querySelector('.min-h-screen')).not.toBeNull();
    act(() => vi.runAllTimers());
    expect(screen.getByText('Best selling')).toBeInTheDocument();
    expect(container.querySelector('.min-h-screen')).toBeNull();
  });

  it('Later whenNear renders once its place is scrolled near, never before', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    let margin: string | undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof report, init: IntersectionObserverInit) {
          report = cb;
          margin = init.rootMargin;
        }
        observe = observe;
        disconnect = vi.fn();
      },
    );
    try {
      const { container } = render(
        <Later reserve="min-h-screen" whenNear>
          <p>Best selling</p>
        </Later>,
      );
      act(() => vi.runAllTimers());
      expect(screen.queryByText('Best selling')).toBeNull();
      expect(observe).toHaveBeenCalledWith(container.querySelector('.min-h-screen'));
      expect(margin).toBe('150px 0px');
      act(() => report!([{ isIntersecting: false }]));
      expect(screen.queryByText('Best selling')).toBeNull();
      act(() => report!([{ isIntersecting: true }]));
      expect(screen.getByText('Best selling')).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('Later whenNear, without IntersectionObserver, renders after the first paint', () => {
    render(
      <Later reserve="min-h-screen" whenNear>
        <p>Best selling</p>
      </Later>,
    );
    expect(screen.queryByText('Best selling')).toBeNull();
    act(() => vi.runAllTimers());
    expect(screen.getByText('Best selling')).toBeInTheDocument();
  });

  it('a list shows its first items when it arrives and the rest just after', () => {
    const { rerender } = render(<List items={[]} />);
    act(() => vi.runAllTimers());
    rerender(<List items={['a', 'b', 'c', 'd']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    act(() => vi.runAllTimers());
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    rerender(<List items={['a', 'b', 'c', 'd', 'e']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });
});

import { useRef, type ReactNode } from 'react';

interface CarouselProps {
  /** The heading, also the carousel's accessible name. */
  title: string;
  /** Optional link or text beside the heading. */
  aside?: ReactNode;
  children: ReactNode[];
  /** Tailwind width classes of one item. */
  itemClass?: string;
}

function Arrow({ dir, onClick, label }: { dir: -1 | 1; onClick: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="grid size-10 place-items-center rounded-full border border-line bg-white text-ink shadow-sm hover:bg-paper"
    >
      <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
        <path
          d={dir < 0 ? 'M12 4l-6 6 6 6' : 'M8 4l6 6-6 6'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  );
}

/**
 * A row of items that scrolls sideways: swipe, scroll, or the arrows, each step 100% of the visible
 * width (docs/shop.md §9). The row is focusable so arrow keys scroll it too; its few pixels of
 * padding keep a focused card's ring inside the scrolling box, which would clip it.
 */
export function Carousel({
  title,
  aside,
  children,
  itemClass = 'w-[46%] sm:w-[31%] lg:w-[calc((100%-4*1rem)/5)]',
}: CarouselProps) {
  const row = useRef<HTMLUListElement>(null);
  const step = (dir: -1 | 1) => {
    const el = row.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth, behavior: 'smooth' });
  };
  const id = `carousel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex items-end justify-between gap-4">
        <div className="flex items-baseline gap-3">
          <h2 id={id} className="text-xl font-extrabold tracking-tight sm:text-2xl">
            {title}
          </h2>
          {aside}
        </div>
        <div className="hidden gap-2 sm:flex">
          <Arrow dir={-1} onClick={() => step(-1)} label={`Previous ${title}`} />
          <Arrow dir={1} onClick={() => step(1)} label={`Next ${title}`} />
        </div>
      </div>
      <ul
        ref={row}
        tabIndex={0}
        aria-label={title}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto scroll-smooth px-4 pb-2 pt-1 [scrollbar-width:none] sm:-mx-1 sm:scroll-px-1 sm:px-1"
      >
        {children.map((child, i) => (
          <li key={i} className={`shrink-0 snap-start ${itemClass}`}>
            {child}
          </li>
        ))}
      </ul>
    </section>
  );
}

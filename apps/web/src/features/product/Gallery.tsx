import { PRODUCT_MAIN_IMAGE } from '@courtside/shop';
import { useState, type KeyboardEvent } from 'react';
import { ProductImage } from '../../components/product/ProductImage';

function ArrowButton({ dir, onClick }: { dir: -1 | 1; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={dir < 0 ? 'Previous image' : 'Next image'}
      className={`absolute top-1/2 -translate-y-1/2 ${dir < 0 ? 'left-2' : 'right-2'} grid size-10 place-items-center rounded-full bg-white/90 text-ink shadow hover:bg-white`}
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

/** The product's pictures with previous / next arrows and dots; arrow keys work too. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (to: number) => setIndex(((to % count) + count) % count);
  const onKey = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowLeft') go(index - 1);
    if (e.key === 'ArrowRight') go(index + 1);
  };
  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${title} pictures`}
      onKeyDown={onKey}
      className="space-y-3"
    >
      <div className="relative">
        <ProductImage
          key={images[index] ?? 'none'}
          fileId={images[index]}
          alt={count > 1 ? `${title}, picture ${index + 1} of ${count}` : title}
          // The server preloads the main picture with the same recipe (web/preload.ts).
          sizes={PRODUCT_MAIN_IMAGE.sizes}
          widths={PRODUCT_MAIN_IMAGE.widths}
          eager
          className="rounded-card border border-line"
        />
        {count > 1 && (
          <>
            <ArrowButton dir={-1} onClick={() => go(index - 1)} />
            <ArrowButton dir={1} onClick={() => go(index + 1)} />
          </>
        )}
      </div>
      {count > 1 && (
        <div className="flex justify-center gap-1">
          {images.map((id, i) => (
            <button
              key={id + i}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show picture ${i + 1} of ${count}`}
              aria-current={i === index}
              className="grid size-7 place-items-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-court' : 'w-2 bg-slate-300'}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

import { PRODUCT_MAIN_IMAGE } from '@courtside/shop';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { ProductImage } from '../../components/product/ProductImage';
import { useSwipe } from './use-swipe';

/** The full-screen zoom view and its library: downloaded when a picture is first tapped. */
const loadZoomView = () => import('./ZoomView');
const ZoomView = lazy(loadZoomView);

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

/** A magnifier in the picture's corner: a tap opens the zoom view. */
function ZoomHint() {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute right-2 bottom-2 grid size-8 place-items-center rounded-full bg-white/90 text-ink shadow"
    >
      <svg viewBox="0 0 20 20" className="size-4">
        <circle cx="8.5" cy="8.5" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12.5 12.5L17 17M8.5 6v5M6 8.5h5" stroke="currentColor" strokeWidth="2" />
      </svg>
    </span>
  );
}

function Dots({ count, index, go }: { count: number; index: number; go: (i: number) => void }) {
  return (
    <div className="flex justify-center gap-1">
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          onClick={() => go(i)}
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
  );
}

interface SlideProps {
  ref: Ref<HTMLButtonElement>;
  fileId: string | undefined;
  index: number;
  count: number;
  alt: string;
  current: boolean;
  onOpen: () => void;
  onSettled?: () => void;
}

/** One picture, a button that opens the zoom view (its code starts loading at the touch). */
function Slide({ ref, fileId, index, count, alt, current, onOpen, onSettled }: SlideProps) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-hidden={!current}
      className="relative min-w-0 shrink-0 grow-0 basis-full"
    >
      <button
        ref={ref}
        type="button"
        tabIndex={current ? 0 : -1}
        onPointerDown={() => void loadZoomView()}
        onClick={onOpen}
        aria-label={`View picture ${index + 1} of ${count} full screen`}
        aria-haspopup="dialog"
        // Inset: the carousel clips anything drawn outside the picture.
        className="block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-court"
      >
        <ProductImage
          fileId={fileId}
          alt={alt}
          // The server preloads the first picture with the same recipe (web/preload.ts).
          sizes={PRODUCT_MAIN_IMAGE.sizes}
          widths={PRODUCT_MAIN_IMAGE.widths}
          eager={index === 0}
          onSettled={onSettled}
        />
      </button>
    </div>
  );
}

/**
 * The product's pictures, whole and letterboxed: swipe (Embla Carousel), the arrows, the dots or
 * the arrow keys move between them; a tap opens the zoom view (pinch, double-tap, swipe), loaded
 * only then. The first picture is the page's LCP: server-rendered, eager and preloaded by the
 * server with the same recipe (web/preload.ts); the others download once it is there.
 */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const count = images.length;
  const { index, go, viewportRef, trackStyle } = useSwipe(count);
  const [firstSettled, setFirstSettled] = useState(false);
  const [zoomAt, setZoomAt] = useState<number | null>(null);
  const slides = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (count < 2 || zoomAt !== null || !step) return;
    const next = go(index + step);
    // Focus on a picture follows it: never left on one that has moved off screen.
    if (slides.current.includes(e.target as HTMLButtonElement)) {
      slides.current[next]?.focus({ preventScroll: true });
    }
  };
  const closeZoom = (at: number) => {
    setZoomAt(null);
    // Back where the visitor left the zoom view, focus on that picture.
    go(at, true);
    slides.current[at]?.focus({ preventScroll: true });
  };
  const alt = (i: number) => (count > 1 ? `${title}, picture ${i + 1} of ${count}` : title);
  if (count === 0) {
    return (
      <ProductImage
        fileId={undefined}
        alt={title}
        sizes={PRODUCT_MAIN_IMAGE.sizes}
        className="rounded-card border border-line"
      />
    );
  }
  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${title} pictures`}
      onKeyDown={onKey}
      className="space-y-3"
    >
      <div className="relative">
        <div
          ref={viewportRef}
          className="touch-pan-y touch-pinch-zoom overflow-hidden rounded-card border border-line"
        >
          <div className="flex" style={trackStyle}>
            {images.map((id, i) => (
              <Slide
                key={id + i}
                ref={(el) => {
                  slides.current[i] = el;
                }}
                // The first picture is the page's largest: the others download once it is there.
                fileId={i === 0 || i === index || firstSettled ? id : undefined}
                index={i}
                count={count}
                alt={alt(i)}
                current={i === index}
                onOpen={() => setZoomAt(i)}
                onSettled={i === 0 ? () => setFirstSettled(true) : undefined}
              />
            ))}
          </div>
        </div>
        <ZoomHint />
        {count > 1 && (
          <>
            <ArrowButton dir={-1} onClick={() => go(index - 1)} />
            <ArrowButton dir={1} onClick={() => go(index + 1)} />
          </>
        )}
      </div>
      {count > 1 && <Dots count={count} index={index} go={go} />}
      {zoomAt !== null && (
        <Suspense fallback={<div aria-busy="true" className="fixed inset-0 z-50 bg-black/90" />}>
          <ZoomView images={images} alt={alt} start={zoomAt} onClose={closeZoom} />
        </Suspense>
      )}
    </section>
  );
}

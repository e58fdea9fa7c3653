import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';

const OPTIONS: EmblaOptionsType = { duration: 20 };

const never = () => () => {};
/** Embla needs these; a browser (or test DOM) without them keeps the arrows, dots and keys. */
const canSwipe = () =>
  typeof ResizeObserver === 'function' &&
  typeof IntersectionObserver === 'function' &&
  typeof matchMedia === 'function';

/** Calls `run` when the browser is first idle after the page's load event; returns a cancel. */
function afterLoadIdle(run: () => void): () => void {
  let idle: number | undefined;
  const later = () => {
    idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: 2000 })
        : window.setTimeout(run, 0);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

const EARLY = ['pointerenter', 'pointerdown', 'focusin'] as const;

/**
 * Embla Carousel on `viewport`, loaded off the first load (its code stays out of the page's own
 * JavaScript, docs/architecture.md#speed): once the browser is idle after the page has loaded,
 * or as soon as a finger or pointer comes near the pictures. It starts on slide `startAt()` and
 * tells `onSelect` of every slide it moves to from its first moment.
 */
function useEmbla(
  viewport: HTMLElement | null,
  startAt: () => number,
  onSelect: (index: number) => void,
): EmblaCarouselType | undefined {
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!viewport) return;
    let api: EmblaCarouselType | undefined;
    let gone = false;
    const start = () => {
      stopWaiting();
      import('embla-carousel').then(
        ({ default: EmblaCarousel }) => {
          if (gone) return;
          const carousel = EmblaCarousel(viewport, { ...OPTIONS, startIndex: startAt() });
          const follow = () => onSelect(carousel.selectedScrollSnap());
          carousel.on('select', follow).on('reInit', follow);
          api = carousel;
          setEmbla(carousel);
        },
        // Offline, say: the arrows, dots and keys still move the pictures.
        () => {},
      );
    };
    const cancelIdle = afterLoadIdle(start);
    for (const type of EARLY) viewport.addEventListener(type, start, { passive: true });
    function stopWaiting() {
      cancelIdle();
      for (const type of EARLY) viewport!.removeEventListener(type, start);
    }
    return () => {
      gone = true;
      stopWaiting();
      api?.destroy();
      setEmbla(undefined);
    };
    // Both callbacks are read when Embla starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewport]);
  return embla;
}

/**
 * A row of full-width slides that follows a finger or a mouse drag (Embla Carousel) and moves
 * to a slide when told. `index` is the slide on screen, set by a swipe as by `go` (which wraps
 * around at either end). Until Embla has started (during hydration, before its code is in, or
 * where it cannot run), `trackStyle` moves the row instead, so the arrows work from the start.
 */
export function useSwipe(count: number) {
  const [index, setIndex] = useState(0);
  // False on the server and while hydrating, so the page's markup matches the server's.
  const swipeable = useSyncExternalStore(never, canSwipe, () => false);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const at = useRef(index);
  useEffect(() => {
    at.current = index;
  });
  // A slide chosen before Embla started stays on screen.
  const embla = useEmbla(swipeable && count > 1 ? viewport : null, () => at.current, setIndex);

  /** Moves to slide `to` (wrapping around); returns the slide it moved to. */
  const go = (to: number, jump = false) => {
    const next = ((to % count) + count) % count;
    setIndex(next);
    embla?.scrollTo(next, jump);
    return next;
  };
  const trackStyle: CSSProperties | undefined =
    !embla && index ? { transform: `translateX(-${index * 100}%)` } : undefined;
  return { index, go, viewportRef: setViewport, trackStyle };
}

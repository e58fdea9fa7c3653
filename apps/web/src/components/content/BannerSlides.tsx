import {
  BANNER_IMAGE,
  bannerTitle,
  HOME_BANNER_INTERVAL_MS,
  type BannerSlide,
  type Charges,
} from '@courtside/shop';
import { useEffect, useRef, useState } from 'react';
import { ContentLink } from './ContentLink';
import { useMissedImageEvents } from '../ui/missed-image-events';
import { previewSrcSet, previewUrl } from '../../lib/images';

function Slide({
  slide,
  charges,
  index,
  active,
  load,
  onSettled,
}: {
  slide: BannerSlide;
  charges: Charges | undefined;
  index: number;
  active: boolean;
  /**
   * Whether to ask for the picture yet: the other slides wait for the first (LCP,
   * docs/architecture.md#speed).
   */
  load: boolean;
  onSettled?: () => void;
}) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // Rendered on the server with the home page, so the title is the same from the first paint.
  const title = bannerTitle(slide.title, charges);
  const fail = () => {
    setFailed(true);
    onSettled?.();
  };
  useMissedImageEvents(img, onSettled, fail);
  return (
    <div
      aria-hidden={!active}
      className={`absolute inset-0 transition-opacity duration-700 ${active ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
    >
      {load && !failed && (
        <img
          ref={img}
          // The server preloads the first slide with the same recipe (web/preload.ts).
          src={previewUrl(slide.file, BANNER_IMAGE.srcWidth)}
          srcSet={previewSrcSet(slide.file, BANNER_IMAGE.widths)}
          sizes={BANNER_IMAGE.sizes}
          alt=""
          loading={index === 0 ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'low'}
          decoding={index === 0 ? 'sync' : 'async'}
          onLoad={onSettled}
          onError={fail}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      {/* The seed's slides are dark on the left, where the slide's words sit. */}
      <div className="absolute inset-y-0 left-0 flex w-3/5 max-w-md flex-col justify-center gap-1.5 bg-gradient-to-r from-ink/70 to-transparent p-4 pb-8 sm:gap-3 sm:p-10">
        <p className="text-base font-black leading-tight text-white sm:text-4xl">{title}</p>
        <p className="hidden text-slate-200 sm:block">{slide.text}</p>
        <ContentLink
          to={slide.link}
          tabIndex={active ? 0 : -1}
          aria-label={`${slide.cta}: ${title}`}
          className="w-fit rounded-full bg-court px-3 py-1 text-xs font-semibold text-white hover:bg-court-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:px-4 sm:py-2 sm:text-sm"
        >
          {slide.cta}
        </ContentLink>
      </div>
    </div>
  );
}

/**
 * A banner of these slides, one every 4 seconds, with dot navigation (docs/shop.md §2, §4): the
 * home page's, and the dashboard's preview of slides not saved yet.
 */
export function BannerSlides({
  slides,
  charges,
  show,
}: {
  slides: readonly BannerSlide[];
  /** The owner's charges, once known: the free-delivery slide names them (bannerTitle). */
  charges: Charges | undefined;
  /** The slide to show now (the dashboard's preview: the one last changed). */
  show?: number;
}) {
  const [current, setCurrent] = useState(show ?? 0);
  const [paused, setPaused] = useState(false);
  // The first slide is the page's largest picture: the others download once it is there.
  const [firstSettled, setFirstSettled] = useState(false);
  // Another slide to show (the preview's): taken while rendering, not after.
  const [lastShow, setLastShow] = useState(show);
  if (show !== lastShow) {
    setLastShow(show);
    if (show !== undefined) setCurrent(show);
  }
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(
      () => setCurrent((c) => (c + 1) % Math.max(1, slides.length)),
      HOME_BANNER_INTERVAL_MS,
    );
    return () => clearTimeout(timer);
  }, [current, paused, slides.length]);
  const shown = current < slides.length ? current : 0;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className="relative aspect-[8/3] w-full overflow-hidden rounded-card bg-ink"
    >
      {slides.map((slide, i) => (
        <Slide
          key={`${i}-${slide.file}`}
          slide={slide}
          charges={charges}
          index={i}
          active={i === shown}
          load={i === 0 || i === shown || firstSettled}
          onSettled={i === 0 ? () => setFirstSettled(true) : undefined}
        />
      ))}
      <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1 sm:bottom-3">
        {slides.map((slide, i) => (
          <button
            key={`${i}-${slide.file}`}
            type="button"
            onClick={() => setCurrent(i)}
            aria-label={`Show slide ${i + 1} of ${slides.length}`}
            aria-current={i === shown}
            className="grid size-7 place-items-center"
          >
            <span
              className={`block h-2 rounded-full transition-all ${i === shown ? 'w-6 bg-court' : 'w-2 bg-white/70'}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

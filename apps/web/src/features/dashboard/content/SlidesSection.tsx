import { CONTENT_LIMITS, type BannerSlide } from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { SlideEditor } from './SlideEditor';

const NEW_SLIDE: BannerSlide = {
  file: '',
  title: '',
  text: '',
  cta: 'Shop now',
  link: '/shop',
  on: true,
};

/**
 * The home banner's slides in the dashboard, in their order: each to edit, move, hide or take
 * out, and a new one to add (at most CONTENT_LIMITS.slides). `onSlides` gets the new list and the
 * slide the change was about.
 */
export function SlidesSection({
  slides,
  onSlides,
}: {
  slides: BannerSlide[];
  onSlides: (slides: BannerSlide[], at: number) => void;
}) {
  const move = (i: number, by: -1 | 1) => {
    const next = [...slides];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onSlides(next, i + by);
  };
  return (
    <section aria-labelledby="slides-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="slides-title" className="text-lg font-bold">
          Home banner
        </h2>
        <p className="text-sm text-muted">
          {slides.length} of at most {CONTENT_LIMITS.slides} slides, shown in this order
        </p>
      </div>
      {slides.map((slide, i) => (
        <SlideEditor
          key={i}
          slide={slide}
          n={i + 1}
          count={slides.length}
          onChange={(s) =>
            onSlides(
              slides.map((x, at) => (at === i ? s : x)),
              i,
            )
          }
          onMove={(by) => move(i, by)}
          onRemove={() =>
            onSlides(
              slides.filter((_, at) => at !== i),
              Math.max(0, i - 1),
            )
          }
        />
      ))}
      <Button
        variant="ghost"
        disabled={slides.length >= CONTENT_LIMITS.slides}
        onClick={() => onSlides([...slides, { ...NEW_SLIDE }], slides.length)}
      >
        Add a slide
      </Button>
    </section>
  );
}

import type { BannerSlide } from '@courtside/shop';
import { ContentFields, LINK_HINT, type ContentField } from './ContentFields';
import { PictureField } from './PictureField';

const FIELDS: readonly ContentField[] = [
  { key: 'title' },
  { key: 'cta' },
  { key: 'text', wide: true, hint: 'Shown on wider screens, under the heading.' },
  { key: 'link', wide: true, hint: LINK_HINT },
];

const MOVE =
  'min-h-11 rounded-full px-3 text-sm font-semibold ring-1 ring-line hover:bg-white disabled:opacity-40';

/**
 * One slide of the home banner in the dashboard: its picture, its words, where its button leads,
 * whether it shows, and its place among the others.
 */
export function SlideEditor({
  slide,
  n,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  slide: BannerSlide;
  /** Its place, from 1. */
  n: number;
  count: number;
  onChange: (slide: BannerSlide) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset
      className={`grid gap-4 rounded-card border border-line bg-card p-4 shadow-sm md:grid-cols-[14rem_1fr] ${slide.on ? '' : 'border-dashed bg-paper'}`}
    >
      <legend className="sr-only">Slide {n}</legend>
      <div className="space-y-3">
        <p className="text-sm font-bold" aria-hidden="true">
          Slide {n}
          {!slide.on && <span className="ml-2 font-normal text-muted">(hidden)</span>}
        </p>
        <PictureField
          label={`Slide ${n} picture`}
          file={slide.file}
          aspect="aspect-[8/3]"
          hint="Wide, like 1600 × 600; the words sit on its left."
          onUploaded={(file) => onChange({ ...slide, file })}
        />
      </div>
      <div className="grid gap-3">
        <ContentFields value={slide} fields={FIELDS} onChange={onChange} />
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              checked={slide.on}
              onChange={(e) => onChange({ ...slide, on: e.target.checked })}
              className="size-5 accent-court"
            />
            Show on the home page
          </label>
          <SlideMoves n={n} count={count} onMove={onMove} onRemove={onRemove} />
        </div>
      </div>
    </fieldset>
  );
}

/** A slide's place among the others, and taking it out. */
function SlideMoves({
  n,
  count,
  onMove,
  onRemove,
}: {
  n: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      <button
        type="button"
        className={MOVE}
        disabled={n === 1}
        onClick={() => onMove(-1)}
        aria-label={`Move slide ${n} up`}
      >
        ↑ Up
      </button>
      <button
        type="button"
        className={MOVE}
        disabled={n === count}
        onClick={() => onMove(1)}
        aria-label={`Move slide ${n} down`}
      >
        ↓ Down
      </button>
      <button
        type="button"
        className={`${MOVE} text-danger`}
        onClick={onRemove}
        aria-label={`Remove slide ${n}`}
      >
        Remove
      </button>
    </div>
  );
}

import { shownSlides, type ShopContent } from '@courtside/shop';
import { useState } from 'react';
import { BannerSlides } from '../../../components/content/BannerSlides';
import { PromoView } from '../../../components/content/PromoView';
import { useChargesQuery } from '../../../entities/shop/charges-api';
import { PreviewFrame } from './PreviewFrame';

const WIDTHS = [
  { label: 'Phone', width: 360 },
  { label: 'Desktop', width: 1280 },
] as const;

/**
 * The home page's banner and promo as they will look, before they are saved: at a phone's width
 * or a desktop's, on the slide last changed.
 */
export function ContentPreview({ draft, slide }: { draft: ShopContent; slide: number }) {
  const [width, setWidth] = useState<number>(WIDTHS[0].width);
  const { data: charges } = useChargesQuery();
  const slides = shownSlides(draft);
  const label = WIDTHS.find((w) => w.width === width)!.label;
  return (
    <section aria-labelledby="preview-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-title" className="text-lg font-bold">
          Preview
        </h2>
        <div
          role="group"
          aria-label="Preview width"
          className="flex gap-1 rounded-full bg-white p-1 ring-1 ring-line"
        >
          {WIDTHS.map((w) => (
            <button
              key={w.width}
              type="button"
              aria-pressed={w.width === width}
              onClick={() => setWidth(w.width)}
              className={`min-h-9 rounded-full px-3 text-sm font-semibold ${w.width === width ? 'bg-ink text-white' : 'text-ink-soft hover:bg-paper'}`}
            >
              {w.label} · {w.width} px
            </button>
          ))}
        </div>
      </div>
      <div className={width === 360 ? 'max-w-[360px]' : ''}>
        <PreviewFrame key={width} width={width} title={`Home page preview, ${label} width`}>
          <div className="space-y-4">
            {slides.length ? (
              <BannerSlides
                slides={slides}
                charges={charges}
                show={Math.min(slide, slides.length - 1)}
              />
            ) : (
              <p className="rounded-card bg-white p-4 text-sm text-muted">No slide is shown.</p>
            )}
            <PromoView promo={draft.promo} charges={charges} />
          </div>
        </PreviewFrame>
      </div>
    </section>
  );
}

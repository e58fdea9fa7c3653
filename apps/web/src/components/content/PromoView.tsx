import { freeDeliveryPromise, type Charges, type PromoBlock } from '@courtside/shop';
import { useState } from 'react';
import { previewSrcSet, previewUrl } from '../../lib/images';
import { ContentLink } from './ContentLink';

/**
 * The promo: the owner's words (shop-content.ts; by default 10% for subscribers, its call to
 * action leading to the footer's subscribe box, which sends the code) and free delivery from the
 * owner's charges are the page's own text over the picture, so they stay readable on a phone;
 * without the picture they sit on the brand's dark colour. The home page's, and the dashboard's
 * preview of words not saved yet.
 */
export function PromoView({
  promo,
  charges,
}: {
  promo: PromoBlock;
  /** The owner's charges, once known: the free-delivery line says them. */
  charges: Charges | undefined;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="promo-title"
      className="relative aspect-[2/1] w-full overflow-hidden rounded-card bg-ink sm:aspect-[3/1]"
    >
      {failed !== promo.file && (
        <img
          src={previewUrl(promo.file, 1024)}
          srcSet={previewSrcSet(promo.file, [480, 768, 1024, 1440])}
          sizes="(min-width: 1280px) 1248px, (min-width: 640px) 100vw, 150vw"
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(promo.file)}
          // On phones the box is taller than the picture: keep its right side, the shoes.
          className="absolute inset-0 size-full object-cover object-right sm:object-center"
        />
      )}
      <div className="absolute inset-y-0 left-0 flex w-3/5 flex-col justify-center gap-1 bg-gradient-to-r from-ink via-ink/90 to-transparent p-4 pr-2 sm:w-1/2 sm:gap-2 sm:p-10">
        <p className="text-[11px] font-bold uppercase tracking-widest text-yellow-400 sm:text-sm">
          {promo.eyebrow}
        </p>
        <h2
          id="promo-title"
          className="text-3xl font-black leading-none text-white sm:text-5xl lg:text-6xl"
        >
          {promo.title}
        </h2>
        <p className="text-sm font-semibold leading-snug text-white sm:text-xl">{promo.text}</p>
        <ContentLink
          to={promo.link}
          className="mt-1 w-fit rounded-full bg-court px-3 py-1.5 text-xs font-semibold text-white hover:bg-court-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:mt-2 sm:px-5 sm:py-2.5 sm:text-sm"
        >
          {promo.cta}
        </ContentLink>
        {/* On phones the service highlights just below say it. */}
        <p className="hidden min-h-[1lh] text-slate-300 sm:block sm:text-base">
          {charges && freeDeliveryPromise(charges)}
        </p>
      </div>
    </section>
  );
}

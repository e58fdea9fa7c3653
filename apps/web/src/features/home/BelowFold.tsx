import { Link } from 'react-router';
import { Carousel } from '../../components/product/Carousel';
import { PromoView } from '../../components/content/PromoView';
import { previewSrcSet, previewUrl } from '../../lib/images';
import { useShopContent } from '../../lib/shop-content';
import { useServiceHighlights } from '../../entities/info-page/use-service-highlights';
import { TILES, useTilePicturesQuery } from './brand-tiles';
import { useChargesQuery } from '../../entities/shop/charges-api';

/*
 * The home page's sections below a phone's first screen: brand tiles, the promo, the service
 * highlights (HomePage hydrates each as an island once it comes near).
 */

const TINTS = [
  'bg-ink',
  'bg-court-dark',
  'bg-slate-700',
  'bg-emerald-800',
  'bg-indigo-800',
  'bg-rose-800',
];

/**
 * Browse by brand: a carousel of tiles, a brand's to every pair it makes, a line's to its own.
 * Each shows a pair of its own from the catalogue (a small webp preview, loaded as it comes near),
 * its name on a dark fade over it; a tile with no pair keeps its plain colour. The tile's box is
 * set by its width, so nothing moves when a picture arrives.
 */
export function BrandCarousel() {
  const { data: pictures } = useTilePicturesQuery();
  return (
    <Carousel title="Shop by brand" itemClass="w-[38%] sm:w-[23%] lg:w-[calc((100%-5*1rem)/6)]">
      {TILES.map(({ label, to }, i) => {
        const picture = pictures?.[to];
        return (
          <Link
            key={to}
            to={to}
            className={`group relative grid aspect-[4/3] place-items-center overflow-hidden rounded-card ${TINTS[i % TINTS.length]} text-center text-lg font-black uppercase tracking-wide text-white`}
          >
            {picture && (
              <img
                src={previewUrl(picture, 320)}
                srcSet={previewSrcSet(picture, [160, 320, 480])}
                sizes="(min-width: 1024px) 200px, (min-width: 640px) 23vw, 38vw"
                alt=""
                loading="lazy"
                decoding="async"
                // The shoe a little above the middle, clear of the name.
                className="absolute inset-0 size-full object-cover object-[50%_75%] transition-transform duration-300 group-hover:scale-105"
              />
            )}
            <span
              className={
                picture
                  ? 'absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/90 via-ink/60 to-transparent px-3 pt-8 pb-2'
                  : 'p-3 group-hover:opacity-90'
              }
            >
              {label}
            </span>
          </Link>
        );
      })}
    </Carousel>
  );
}

/**
 * The promo, in the owner's words and picture (shop-content.ts), with free delivery from the
 * owner's charges.
 */
export function Promo() {
  const { data: charges } = useChargesQuery();
  return <PromoView promo={useShopContent().promo} charges={charges} />;
}

/** Each box's picture: delivery, answers by message, the pair itself (their default order). */
const HIGHLIGHT_ICONS = [
  'M3 7h11v8H3zM14 10h4l3 3v2h-7zM7 18a2 2 0 100-4 2 2 0 000 4zM17 18a2 2 0 100-4 2 2 0 000 4z',
  'M4 5h16v11H10l-4 4v-4H4zM8 9.5h8M8 12.5h5',
  'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
];

/**
 * The three service highlights of docs/shop.md §1, in the owner's words (D33). While they load
 * the boxes keep their place; if they cannot be read, none is promised.
 */
export function ServiceHighlights() {
  const highlights = useServiceHighlights();
  if (highlights === null) return null;
  return (
    <section
      aria-label="Our service"
      aria-busy={highlights ? undefined : true}
      className="grid gap-4 sm:grid-cols-3"
    >
      {HIGHLIGHT_ICONS.map((icon, i) => (
        <div
          key={icon}
          className="flex items-center gap-3 rounded-card border border-line bg-white p-4 sm:gap-4"
        >
          {/* Smaller on phones, so a promise like "WhatsApp replies 9am-9pm" has the room. */}
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-court-soft text-court-dark sm:size-12">
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <path
                d={icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <div className="min-w-0">
            <h3 className="text-[15px] leading-snug font-bold text-balance sm:text-base">
              {highlights?.[i]?.title ?? '\u00a0'}
            </h3>
            <p className="text-sm text-pretty text-muted">{highlights?.[i]?.text ?? '\u00a0'}</p>
          </div>
        </div>
      ))}
    </section>
  );
}

import { brandBySlug, categoryLabel, formatRs, MEDIA, SHOP_FACTS } from '@courtside/shop';
import { useState } from 'react';
import { Link } from 'react-router';
import { Carousel } from '../../components/product/Carousel';
import { paths } from '../../config/routes';
import { previewSrcSet, previewUrl } from '../../lib/images';

/*
 * The home page's sections below a phone's first screen: brand tiles, the promo, the service
 * highlights (HomePage hydrates each as an island once it comes near).
 */

/** The tiles: brands (every line of theirs) first, then single lines. */
const TILES: { label: string; to: string }[] = [
  ...(['jordan', 'nike', 'adidas', 'puma'] as const).map((slug) => ({
    label: brandBySlug(slug)!.label,
    to: paths.brand(slug),
  })),
  ...(['lebron', 'kobe', 'kyrie', 'kd', 'curry', 'freak', 'dame', 'lamalo'] as const).map(
    (slug) => ({ label: categoryLabel(slug), to: paths.category(slug) }),
  ),
];
const TINTS = [
  'bg-ink',
  'bg-court-dark',
  'bg-slate-700',
  'bg-emerald-800',
  'bg-indigo-800',
  'bg-rose-800',
];

/** Browse by brand: a carousel of tiles, a brand's to every pair it makes, a line's to its own. */
export function BrandCarousel() {
  return (
    <Carousel title="Shop by brand" itemClass="w-[38%] sm:w-[23%] lg:w-[calc((100%-5*1rem)/6)]">
      {TILES.map(({ label, to }, i) => (
        <Link
          key={to}
          to={to}
          className={`grid aspect-[4/3] place-items-center rounded-card ${TINTS[i % TINTS.length]} p-3 text-center text-lg font-black uppercase tracking-wide text-white hover:opacity-90`}
        >
          {label}
        </Link>
      ))}
    </Carousel>
  );
}

/**
 * The promo: its words (10% for subscribers, free delivery over Rs.10,000; text only, as spec
 * section 1 says) are the page's own text over the picture, so they stay readable on a phone;
 * without the picture they sit on the brand's dark colour. Its call to action leads to the
 * footer's subscribe box, which sends the code.
 */
export function Promo() {
  const [failed, setFailed] = useState(false);
  return (
    <section
      aria-labelledby="promo-title"
      className="relative aspect-[2/1] w-full overflow-hidden rounded-card bg-ink sm:aspect-[3/1]"
    >
      {!failed && (
        <img
          src={previewUrl(MEDIA.promo, 1024)}
          srcSet={previewSrcSet(MEDIA.promo, [480, 768, 1024, 1440])}
          sizes="(min-width: 1280px) 1248px, (min-width: 640px) 100vw, 150vw"
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          // On phones the box is taller than the picture: keep its right side, the shoes.
          className="absolute inset-0 size-full object-cover object-right sm:object-center"
        />
      )}
      <div className="absolute inset-y-0 left-0 flex w-3/5 flex-col justify-center gap-1 bg-gradient-to-r from-ink via-ink/90 to-transparent p-4 pr-2 sm:w-1/2 sm:gap-2 sm:p-10">
        <p className="text-[11px] font-bold uppercase tracking-widest text-yellow-400 sm:text-sm">
          Join the list
        </p>
        <h2
          id="promo-title"
          className="text-3xl font-black leading-none text-white sm:text-5xl lg:text-6xl"
        >
          10% off
        </h2>
        <p className="text-sm font-semibold leading-snug text-white sm:text-xl">
          your first order when you subscribe
        </p>
        <a
          href="#subscribe"
          className="mt-1 w-fit rounded-full bg-court px-3 py-1.5 text-xs font-semibold text-white hover:bg-court-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:mt-2 sm:px-5 sm:py-2.5 sm:text-sm"
        >
          Get my 10% code
        </a>
        {/* On phones the service highlights just below say it. */}
        <p className="hidden text-slate-300 sm:block sm:text-base">
          Free delivery on orders over {formatRs(SHOP_FACTS.freeDeliveryFrom)}
        </p>
      </div>
    </section>
  );
}

const HIGHLIGHTS = [
  {
    title: 'Fast and free delivery',
    text: `Free on orders over ${formatRs(SHOP_FACTS.freeDeliveryFrom)}`,
    icon: 'M3 7h11v8H3zM14 10h4l3 3v2h-7zM7 18a2 2 0 100-4 2 2 0 000 4zM17 18a2 2 0 100-4 2 2 0 000 4z',
  },
  {
    title: '24/7 customer service',
    text: 'Message us on WhatsApp any time',
    icon: 'M4 13a8 8 0 1116 0v3a2 2 0 01-2 2h-1v-6h3M4 13v3a2 2 0 002 2h1v-6H4',
  },
  {
    title: 'Same item guarantee',
    text: 'The pair you see is the pair you get',
    icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  },
];

/** The three service highlights of docs/shop.md §1. */
export function ServiceHighlights() {
  return (
    <section aria-label="Our service" className="grid gap-4 sm:grid-cols-3">
      {HIGHLIGHTS.map((h) => (
        <div
          key={h.title}
          className="flex items-center gap-4 rounded-card border border-line bg-white p-4"
        >
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-court-soft text-court-dark">
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <path
                d={h.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <div>
            <h3 className="font-bold">{h.title}</h3>
            <p className="text-sm text-muted">{h.text}</p>
          </div>
        </div>
      ))}
    </section>
  );
}

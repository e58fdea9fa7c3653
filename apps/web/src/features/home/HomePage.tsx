import { fromQuery, ProductCarousel } from '../../components/product/ProductCarousel';
import { Island, SECTION_HEIGHTS } from '../../components/ui/Island';
import { usePageTitle } from '../../lib/page-title';
import { useCarouselQuery } from '../../entities/product/products-api';
import { Banner } from './Banner';
import { BrandCarousel, Promo, ServiceHighlights } from './BelowFold';
import { Countdown, SideLines } from './HomeSections';

/**
 * Home (docs/shop.md §2): banner and side list, carousels, promo, service highlights. The whole
 * page is rendered on the server; its parts hydrate one by one (islands), those below a phone's
 * first screen laid out once scrolled near.
 */
export function HomePage() {
  usePageTitle(null);
  const newest = useCarouselQuery({ order: 'newest' });
  return (
    <div className="space-y-10 sm:space-y-14">
      <h1 className="sr-only">Courtside: original and pre-loved basketball shoes</h1>
      <Island>
        <div className="grid gap-4 lg:grid-cols-[14rem_1fr]">
          <SideLines />
          <Banner />
        </div>
      </Island>
      <Island>
        <ProductCarousel title="New arrivals" {...fromQuery(newest)} aside={<Countdown />} />
      </Island>
      <Island offscreen={SECTION_HEIGHTS.brands}>
        <BrandCarousel />
      </Island>
      <Island offscreen={SECTION_HEIGHTS.carousel}>
        <BestSelling />
      </Island>
      <Island offscreen={SECTION_HEIGHTS.promo}>
        <Promo />
      </Island>
      <Island offscreen={SECTION_HEIGHTS.highlights}>
        <ServiceHighlights />
      </Island>
    </div>
  );
}

/** The best-selling carousel; it reads its own data so that it is an island of its own. */
function BestSelling() {
  const best = useCarouselQuery({ order: 'best-selling' });
  return <ProductCarousel title="Best selling" {...fromQuery(best)} aside={<Countdown />} />;
}

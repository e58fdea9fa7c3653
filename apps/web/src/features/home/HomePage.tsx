import { fromQuery, ProductCarousel } from '../../components/product/ProductCarousel';
import { Later } from '../../components/ui/Later';
import { usePageTitle } from '../../lib/page-title';
import { useCarouselQuery } from '../catalog/products-api';
import { Banner } from './Banner';
import { BrandCarousel, Countdown, Promo, ServiceHighlights, SideLines } from './HomeSections';

/** Home (spec section 2): banner and side list, carousels, promo, service highlights. */
export function HomePage() {
  usePageTitle(null);
  const newest = useCarouselQuery({ order: 'newest' });
  const best = useCarouselQuery({ order: 'best-selling' });
  return (
    <div className="space-y-10 sm:space-y-14">
      <h1 className="sr-only">Courtside: original and pre-loved basketball shoes</h1>
      <div className="grid gap-4 lg:grid-cols-[14rem_1fr]">
        <SideLines />
        <Banner />
      </div>
      <ProductCarousel title="New arrivals" {...fromQuery(newest)} aside={<Countdown />} />
      {/* Below the first screen (issue 7): the brand strip, whose top shows on a phone, just after
          the first paint; the rest once scrolled near, so a phone does none of it while the page
          loads. The reserve is their measured height (895-929 px up to 1279 px wide, 1029 px
          from 1280), so the footer barely moves when they come in. */}
      <Later reserve="min-h-48">
        <BrandCarousel />
      </Later>
      <Later reserve="min-h-[56rem] xl:min-h-[64rem]" whenNear>
        <div className="space-y-10 sm:space-y-14">
          <ProductCarousel title="Best selling" {...fromQuery(best)} aside={<Countdown />} />
          <Promo />
          <ServiceHighlights />
        </div>
      </Later>
    </div>
  );
}

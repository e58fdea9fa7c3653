import { useEffect } from 'react';
import { useParams } from 'react-router';
import { extraImageIds } from '@courtside/shop';
import { LoadError } from '../../components/ui/LoadError';
import { fromQuery, ProductCarousel } from '../../components/product/ProductCarousel';
import { Island, SECTION_HEIGHTS } from '../../components/ui/Island';
import { usePageTitle } from '../../lib/page-title';
import { useIsAdmin } from '../../entities/hooks';
import { useGetProductQuery, useRelatedQuery } from '../../entities/product/products-api';
import { NotFoundPage } from '../../components/ui/NotFoundPage';
import { Gallery } from './Gallery';
import { ProductDetails } from './ProductDetails';

/**
 * Picture beside the details from `sm`, so title, price and Add to cart stay in view on tablets
 * (packages/shop PRODUCT_MAIN_IMAGE.sizes says the same widths for the preload).
 */
const COLUMNS = 'grid gap-6 sm:grid-cols-[5fr_6fr] sm:items-start lg:grid-cols-2 lg:gap-12';

function ProductSkeleton() {
  return (
    <div aria-busy="true" className={COLUMNS}>
      <div className="aspect-square animate-pulse rounded-card bg-slate-100" />
      <div className="space-y-4">
        <div className="h-4 w-24 animate-pulse rounded bg-slate-100" />
        <div className="h-8 w-3/4 animate-pulse rounded bg-slate-100" />
        <div className="h-8 w-40 animate-pulse rounded bg-slate-100" />
        <div className="h-24 animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  );
}

/** Pairs of the same line, then of the same brand, then the newest; never this one (related.ts). */
function RelatedItems({ id, line }: { id: string; line: string }) {
  const related = useRelatedQuery({ id, line });
  return <ProductCarousel title="Related Items" {...fromQuery(related)} />;
}

/** Product detail (docs/shop.md §2); the route parameter is called slug. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const { data: product, isLoading, isError, refetch } = useGetProductQuery(slug);
  // A draft is not found for shoppers, so neither in the page the server rendered: the owner,
  // who may read it, asks again.
  const isAdmin = useIsAdmin();
  const askAgain = isAdmin && product === null;
  useEffect(() => {
    if (askAgain) void refetch();
  }, [askAgain, refetch]);
  usePageTitle(
    // Not found: the not-found page names itself.
    product ? product.title : isLoading || !isError ? undefined : 'Product',
  );
  if (isLoading) return <ProductSkeleton />;
  if (isError) return <LoadError what="this product" onRetry={() => void refetch()} />;
  if (!product) return <NotFoundPage />;
  return (
    <div className="space-y-14">
      <div className={COLUMNS}>
        <Island>
          <Gallery
            images={[product.image, ...extraImageIds(product.images)].filter(Boolean)}
            title={product.title}
          />
        </Island>
        <Island>
          <ProductDetails product={product} />
        </Island>
      </div>
      <Island offscreen={SECTION_HEIGHTS.carousel}>
        <RelatedItems id={product.$id} line={product.category} />
      </Island>
    </div>
  );
}

import { useParams } from 'react-router';
import { ProductCarousel } from '../../components/product/ProductCarousel';
import { usePageTitle } from '../../lib/page-title';
import { extraImages, useCarouselQuery, useGetProductQuery } from '../catalog/products-api';
import { LoadError, NotAvailable } from '../storefront/States';
import { Gallery } from './Gallery';
import { ProductDetails } from './ProductDetails';

function ProductSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-8 lg:grid-cols-2">
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

/** Product detail (spec section 2); the route parameter is called slug. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const { data: product, isLoading, isError, refetch } = useGetProductQuery(slug);
  usePageTitle(
    product ? product.title : isLoading ? undefined : isError ? 'Product' : 'Product not found',
  );
  const related = useCarouselQuery(
    { order: 'newest', excludeTitle: product?.title },
    { skip: !product },
  );
  if (isLoading) return <ProductSkeleton />;
  if (isError) return <LoadError what="this product" onRetry={() => void refetch()} />;
  if (!product) return <NotAvailable text="This product is not available." />;
  return (
    <div className="space-y-14">
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Gallery
          images={[product.image, ...extraImages(product)].filter(Boolean)}
          title={product.title}
        />
        <ProductDetails product={product} />
      </div>
      <ProductCarousel
        title="Related Items"
        products={related.data}
        loading={related.isLoading || related.isUninitialized}
        error={related.isError}
        onRetry={() => void related.refetch()}
      />
    </div>
  );
}

import type { Product } from '@courtside/shop';
import type { ReactNode } from 'react';
import { Carousel } from './Carousel';
import { ProductCard, ProductCardSkeleton } from './ProductCard';

interface ProductCarouselProps {
  title: string;
  products: Product[] | undefined;
  loading: boolean;
  error?: boolean;
  onRetry?: () => void;
  aside?: ReactNode;
}

/** A list query's result (RTK Query) as a carousel's products, loading, error and retry. */
export function fromQuery(result: {
  data?: Product[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}): Pick<ProductCarouselProps, 'products' | 'loading' | 'error' | 'onRetry'> {
  return {
    products: result.data,
    loading: result.isLoading,
    error: result.isError,
    onRetry: () => void result.refetch(),
  };
}

/** At most 10 product cards in a carousel, skeleton cards while they load (docs/shop.md §9). */
export function ProductCarousel({
  title,
  products,
  loading,
  error,
  onRetry,
  aside,
}: ProductCarouselProps) {
  if (error) {
    return (
      <section className="rounded-card border border-line bg-white p-6 text-center">
        <h2 className="text-lg font-bold">{title}</h2>
        <p className="mt-1 text-sm text-muted">These products could not be loaded.</p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="mt-3 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white"
          >
            Retry
          </button>
        )}
      </section>
    );
  }
  if (!loading && products && products.length === 0) return null;
  const items =
    loading || !products
      ? Array.from({ length: 5 }, (_, i) => <ProductCardSkeleton key={i} />)
      : products.map((p) => <ProductCard key={p.$id} product={p} />);
  return (
    <Carousel title={title} aside={aside}>
      {items}
    </Carousel>
  );
}

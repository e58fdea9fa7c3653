import { formatRs, pakistanMoment, saleStatus, type Product } from '@courtside/shop';
import { LoadError } from '../../../components/ui/LoadError';
import { errorText } from '../../../lib/errors';
import { Loading } from '../ui';
import { useEndSaleMutation, useSaleProductsQuery } from './sales-api';

function SaleRow({ product }: { product: Product }) {
  const [endSale, { isLoading, error }] = useEndSaleMutation();
  const status = saleStatus(product);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words">{product.title}</p>
        <p className="text-sm tabular-nums">
          <s className="text-muted">{formatRs(product.price)}</s>{' '}
          <span className="font-semibold">{formatRs(product.disc_price)}</span>
          <span
            className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${status === 'running' ? 'bg-green-50 text-green-700 ring-green-200' : 'bg-blue-50 text-blue-700 ring-blue-200'}`}
          >
            {status}
          </span>
        </p>
        <p className="text-xs text-muted">
          {product.sale_from ? pakistanMoment(product.sale_from) : 'Now'} –{' '}
          {product.sale_until ? pakistanMoment(product.sale_until) : ''}
        </p>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {errorText(error)}
          </p>
        )}
      </div>
      <button
        type="button"
        disabled={isLoading}
        onClick={() => void endSale(product)}
        aria-label={`End the sale on ${product.title}`}
        className="min-h-11 shrink-0 self-start rounded-xl px-4 text-sm font-semibold ring-1 ring-line hover:bg-paper disabled:opacity-60 sm:self-center"
      >
        End sale
      </button>
    </li>
  );
}

/** The pairs on sale now or soon, the soonest to end first, each with End sale. */
export function SalesList() {
  const list = useSaleProductsQuery();
  if (list.isLoading) return <Loading label="Loading sales" />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data || list.data.length === 0) {
    return <p className="py-6 text-center text-sm text-muted">No pairs on sale.</p>;
  }
  return (
    <ul className="divide-y divide-line">
      {list.data.map((p) => (
        <SaleRow key={p.$id} product={p} />
      ))}
    </ul>
  );
}

import { DEFAULT_DELIVERY_ESTIMATE, DELIVERY_ESTIMATE_ID } from '@courtside/shop';
import { useInfoTextQuery } from './info-pages-api';

/**
 * The owner's delivery estimate ("2-4 working days"), the default until they save one; undefined
 * while it loads or when it could not be read (nothing is better than a wrong promise).
 */
function useDeliveryEstimate(): string | undefined {
  const { data, isError } = useInfoTextQuery(DELIVERY_ESTIMATE_ID);
  if (isError || data === undefined) return undefined;
  return data?.body || DEFAULT_DELIVERY_ESTIMATE;
}

/**
 * "Delivery: 2-4 working days", on the product page. Its line is kept while the
 * estimate loads, so nothing below it moves.
 */
export function DeliveryEstimate() {
  const estimate = useDeliveryEstimate();
  return (
    <p className="flex min-h-6 items-center gap-2 text-sm text-ink-soft" data-testid="delivery">
      {estimate && (
        <>
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="size-5 shrink-0 text-court-dark"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          >
            <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7M7.5 19a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM17.5 19a1.5 1.5 0 100-3 1.5 1.5 0 000 3z" />
          </svg>
          <span>
            Delivery: <span className="font-semibold text-ink">{estimate}</span>
          </span>
        </>
      )}
    </p>
  );
}

/** The estimate as a row of an order summary's list (`<dl>`): "Delivery | 2-4 working days". */
export function DeliveryEstimateRow() {
  const estimate = useDeliveryEstimate();
  if (!estimate) return null;
  return (
    <div className="flex justify-between gap-3 text-ink-soft" data-testid="delivery">
      <dt>Delivery</dt>
      <dd className="text-right">{estimate}</dd>
    </div>
  );
}

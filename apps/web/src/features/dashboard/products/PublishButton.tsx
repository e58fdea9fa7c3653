import { toast } from 'react-toastify';
import type { Product } from '@courtside/shop';
import { errorText } from '../../../lib/errors';
import { useUpdateProductMutation } from './products-api';

/** The mark of a draft on the dashboard: hidden from shoppers. */
export function DraftBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-bold text-amber-900 ring-1 ring-amber-300 ${className}`}
    >
      Draft
    </span>
  );
}

/** Lists a draft in the shop; the server refuses one without a photo, and says so. */
export function PublishButton({
  product,
  className = '',
}: {
  product: Product;
  className?: string;
}) {
  const [update, { isLoading }] = useUpdateProductMutation();
  return (
    <button
      type="button"
      disabled={isLoading}
      aria-label={`Publish ${product.title}`}
      onClick={async () => {
        try {
          await update({ id: product.$id, fields: { draft: false } }).unwrap();
          toast.success(`${product.title} is in the shop`);
        } catch (error) {
          toast.error(`${product.title} was not published: ${errorText(error)}`);
        }
      }}
      className={`min-h-11 rounded-full bg-court px-4 text-sm font-bold text-white hover:bg-court-dark disabled:bg-muted ${className}`}
    >
      {isLoading ? 'Publishing…' : 'Publish'}
    </button>
  );
}

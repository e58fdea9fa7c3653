import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Product } from '@courtside/shop';
import { Button } from '../../components/ui/Button';
import { paths } from '../../config/routes';
import { errorText } from '../../lib/errors';
import { useDeleteProductMutation } from './products-api';

/** Delete Product, asked twice: the product and its images go for good. */
export function DeleteProduct({ product, disabled }: { product: Product; disabled?: boolean }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [remove, { isLoading }] = useDeleteProductMutation();
  if (!asking) {
    return (
      <Button type="button" variant="ghost" disabled={disabled} onClick={() => setAsking(true)}>
        Delete Product
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-label="Confirm delete"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm sm:flex-row sm:items-center"
    >
      <p className="text-red-800">
        Delete <strong>{product.title}</strong> and its images? This cannot be undone.
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="ghost" className="bg-white" onClick={() => setAsking(false)}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="danger"
          loading={isLoading}
          onClick={async () => {
            try {
              await remove(product.$id).unwrap();
              toast.success('Product deleted');
              navigate(paths.dashboard.addProduct);
            } catch (error) {
              toast.error(`The product was not deleted: ${errorText(error)}`);
              setAsking(false);
            }
          }}
        >
          Yes, delete
        </Button>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Product } from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { ConfirmPanel } from '../../../components/ui/ConfirmPanel';
import { useBackToList } from './list-place';
import { useDeleteProductMutation } from './products-api';

/** Delete Product, asked twice: the product and its images go for good. */
export function DeleteProduct({ product, disabled }: { product: Product; disabled?: boolean }) {
  const backToList = useBackToList();
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
    <ConfirmPanel
      label="Confirm delete"
      confirm="Yes, delete"
      busy={isLoading}
      onCancel={() => setAsking(false)}
      onConfirm={async () => {
        try {
          await remove(product.$id).unwrap();
          toast.success('Product deleted');
          backToList();
        } catch (error) {
          toast.error(`The product was not deleted: ${errorText(error)}`);
          setAsking(false);
        }
      }}
    >
      Delete <strong>{product.title}</strong> and its images? This cannot be undone.
    </ConfirmPanel>
  );
}

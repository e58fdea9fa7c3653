import { useState } from 'react';
import { toast } from 'react-toastify';
import { isInStock, type Product } from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { ConfirmPanel } from '../../../components/ui/ConfirmPanel';
import { useBulkProductsMutation, type BulkAction, type BulkResult } from './products-api';

export const productsText = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

const QUESTIONS: Record<BulkAction, { confirm: string; ask: (n: number) => string }> = {
  'out-of-stock': {
    confirm: 'Yes, mark out of stock',
    ask: (n) =>
      `Mark ${productsText(n)} out of stock? They stay in the shop as Out of Stock, with 0 pairs left.`,
  },
  delete: {
    confirm: 'Yes, delete',
    ask: (n) => `Delete ${productsText(n)} and their images? This cannot be undone.`,
  },
};

const DONE: Record<BulkAction, string> = {
  'out-of-stock': 'marked out of stock',
  delete: 'deleted',
};

function report(action: BulkAction, { done, failed }: BulkResult) {
  if (done.length > 0) toast.success(`${productsText(done.length)} ${DONE[action]}`);
  if (failed.length > 0) {
    toast.error(`${productsText(failed.length)} not ${DONE[action]}: ${failed[0]!.message}`);
  }
}

/**
 * What the owner does to the products selected on the page: mark them out of stock (those still
 * in stock) or delete them, each asked once more. Kept at the bottom of the screen while the
 * grid scrolls.
 */
export function BulkBar({ selected, onDone }: { selected: Product[]; onDone: () => void }) {
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [run, { isLoading }] = useBulkProductsMutation();
  const inStock = selected.filter(isInStock);
  const targets = asking === 'out-of-stock' ? inStock : selected;

  const go = async (action: BulkAction) => {
    try {
      report(action, await run({ ids: targets.map((p) => p.$id), action }).unwrap());
      onDone();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setAsking(null);
    }
  };

  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-4 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur sm:mx-0 sm:rounded-card sm:border">
      {asking ? (
        <ConfirmPanel
          label={asking === 'delete' ? 'Confirm delete' : 'Confirm out of stock'}
          confirm={QUESTIONS[asking].confirm}
          busy={isLoading}
          onCancel={() => setAsking(null)}
          onConfirm={() => void go(asking)}
        >
          {QUESTIONS[asking].ask(targets.length)}
        </ConfirmPanel>
      ) : (
        <div className="grid grid-cols-2 items-center gap-2 sm:flex">
          <p className="text-sm font-semibold sm:mr-auto" aria-live="polite">
            {selected.length} selected
          </p>
          <button
            type="button"
            onClick={onDone}
            className="min-h-11 justify-self-end px-2 text-sm font-semibold underline sm:order-last"
          >
            Clear selection
          </button>
          <Button
            type="button"
            variant="ghost"
            className="px-3! whitespace-nowrap"
            disabled={inStock.length === 0}
            onClick={() => setAsking('out-of-stock')}
          >
            Mark out of stock
          </Button>
          <Button
            type="button"
            variant="danger"
            className="px-3! whitespace-nowrap"
            onClick={() => setAsking('delete')}
          >
            Delete
          </Button>
        </div>
      )}
    </div>
  );
}

import { orderNumberText } from '@courtside/shop';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/routes';
import { usePageTitle } from '../../../lib/page-title';
import { AdminOnly } from '../AdminOnly';
import { orderIdsOf, paperOf, PAPERS, receiptPageRules, type Paper } from './print/paper';
import { PRINT_LIMIT, useOrdersToPrintQuery } from './print/print-api';
import { Slip } from './print/Slip';
import { Gone, Loading } from '../ui';
import './print/print.css';

const button =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2';

/** The paper switch: A4 or the receipt roll, kept in the link (`paper=`). */
function PaperChoice({ paper, onChange }: { paper: Paper; onChange: (p: Paper) => void }) {
  return (
    <fieldset className="flex items-center gap-1 rounded-full border border-line bg-white p-1">
      <legend className="sr-only">Paper</legend>
      {PAPERS.map((p) => (
        <label
          key={p.value}
          className={`${button} min-h-9 cursor-pointer has-[:checked]:bg-ink has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-court`}
        >
          <input
            type="radio"
            name="paper"
            value={p.value}
            checked={paper === p.value}
            onChange={() => onChange(p.value)}
            className="sr-only"
          />
          {p.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Each receipt's height once laid out, for its own `@page` (paper.ts). */
function useSlipHeights(paper: Paper, count: number) {
  const box = useRef<HTMLDivElement>(null);
  const [heights, setHeights] = useState<number[]>([]);
  useLayoutEffect(() => {
    if (paper !== 'receipt' || !box.current) return;
    const slips = [...box.current.querySelectorAll<HTMLElement>('.slip')];
    setHeights(slips.map((s) => s.getBoundingClientRect().height));
  }, [paper, count]);
  return { box, rules: paper === 'receipt' ? receiptPageRules(heights) : '' };
}

function PrintRun() {
  const [params, setParams] = useSearchParams();
  const orderIds = orderIdsOf(params.get('orders'));
  const paper = paperOf(params.get('paper'));
  const { data, isLoading, isError, error, refetch } = useOrdersToPrintQuery(orderIds, {
    skip: orderIds.length === 0,
  });
  const orders = data?.orders ?? [];
  const { box, rules } = useSlipHeights(paper, orders.length);
  usePageTitle(
    orders.length === 1
      ? `Invoice ${orderNumberText(orders[0]!.order_number)} · Dashboard`
      : 'Invoices · Dashboard',
  );
  const choose = (next: Paper) =>
    setParams(
      (p) => {
        if (next === 'a4') p.delete('paper');
        else p.set('paper', next);
        return p;
      },
      { replace: true },
    );

  return (
    <div className="min-h-dvh bg-paper px-3 py-4 print:min-h-0 print:bg-white print:p-0">
      {rules && <style>{rules}</style>}
      <div className="mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center gap-2 print:hidden">
        <Link
          to={paths.dashboard.orders}
          className={`${button} text-ink-soft hover:text-court-dark`}
        >
          ← Back to orders
        </Link>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <PaperChoice paper={paper} onChange={choose} />
          <button
            type="button"
            disabled={orders.length === 0}
            onClick={() => window.print()}
            className={`${button} bg-court text-white hover:bg-court-dark disabled:opacity-50`}
          >
            Print {orders.length > 1 ? `${orders.length} slips` : 'slip'}
          </button>
        </div>
        {orderIds.length > PRINT_LIMIT && (
          <p role="status" className="w-full text-sm text-danger">
            One print run takes at most {PRINT_LIMIT} orders: the first {PRINT_LIMIT} are shown.
          </p>
        )}
        {data && data.missing > 0 && (
          <p role="status" className="w-full text-sm text-danger">
            {data.missing === 1 ? '1 order was' : `${data.missing} orders were`} not found (deleted
            since): the others are shown.
          </p>
        )}
      </div>
      {orderIds.length === 0 || (data && orders.length === 0) ? (
        <div className="mx-auto max-w-xl">
          <Gone
            message="No order to print: choose orders in the list first."
            back={{ to: paths.dashboard.orders, label: 'Back to orders' }}
          />
        </div>
      ) : isLoading ? (
        <Loading label="Loading the orders" />
      ) : isError || !data ? (
        <div className="mx-auto max-w-xl">
          <LoadError error={error} onRetry={() => void refetch()} />
        </div>
      ) : (
        <div ref={box}>
          {orders.map((order, i) => (
            <Slip
              key={order.$id}
              order={order}
              paper={paper}
              {...(paper === 'receipt' ? { page: `receipt-${i}` } : {})}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * /dashboard/print?orders=ID,ID&paper=receipt: invoices and packing slips of one order or a
 * selection, one per page, on A4 or an 80 mm receipt roll, with the page's own print
 * stylesheet (the controls never print).
 */
export function PrintPage() {
  return (
    <AdminOnly>
      <PrintRun />
    </AdminOnly>
  );
}

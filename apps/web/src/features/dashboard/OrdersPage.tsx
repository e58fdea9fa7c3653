import { useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { LoadError } from '../../components/ui/LoadError';
import { Button } from '../../components/ui/Button';
import { errorText } from '../../lib/errors';
import { downloadText, ordersToCsv } from './csv';
import { useAppSelector } from '../../entities/hooks';
import {
  fetchAllOrders,
  ORDERS_PAGE,
  ordersApi,
  useOrderCountsQuery,
  useOrdersPageQuery,
} from './orders-api';
import { OrderRows, OrdersTable } from './OrdersTable';
import { Counter, Loading, PageTitle } from './ui';
import { usePageTitle } from '../../lib/page-title';

/** /dashboard/orders; a child /dashboard/orders/:id replaces the list (docs/shop.md §2). */
export function OrdersPage() {
  usePageTitle('Orders · Dashboard');
  const { id } = useParams();
  return id ? <Outlet /> : <OrdersList />;
}

function OrdersList() {
  const counts = useOrderCountsQuery();
  // Each entry is the cursor of one page of 20: null is the newest page.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const last = cursors[cursors.length - 1] ?? null;
  const lastPage = useOrdersPageQuery(last);
  const lastOrders = lastPage.data?.orders ?? [];
  const first = useOrdersPageQuery(null);
  // Orders on screen, live additions included, against the total the server counts: a full
  // last page alone does not mean there are older ones (exactly 20 orders fill one page).
  const shown = useAppSelector((state) =>
    cursors.reduce(
      (n, c) => n + (ordersApi.endpoints.ordersPage.select(c)(state).data?.orders.length ?? 0),
      0,
    ),
  );
  const hasOlder = lastOrders.length >= ORDERS_PAGE && shown < (first.data?.total ?? 0);
  const empty = first.data && first.data.orders.length === 0;
  return (
    <section>
      <PageTitle actions={<ExportCsv />}>All Orders</PageTitle>
      <div className="grid grid-cols-3 gap-2 sm:max-w-xl sm:gap-3">
        <Counter label="Total Orders" value={counts.data?.total} />
        <Counter label="Pending" value={counts.data?.pending} tone="text-red-600" />
        <Counter label="Delivered" value={counts.data?.delivered} tone="text-blue-600" />
      </div>
      <div className="mt-5">
        {first.isLoading ? (
          <Loading label="Loading orders" />
        ) : first.isError ? (
          <LoadError error={first.error} onRetry={() => void first.refetch()} />
        ) : empty ? (
          <p className="py-10 text-center text-muted">No orders yet.</p>
        ) : (
          <OrdersTable>
            {cursors.map((c) => (
              <OrdersChunk key={c ?? 'newest'} after={c} />
            ))}
          </OrdersTable>
        )}
        {hasOlder && !lastPage.isFetching && (
          <div className="mt-4 flex justify-center">
            <Button
              variant="ghost"
              onClick={() => setCursors([...cursors, lastOrders[lastOrders.length - 1]!.$id])}
            >
              Show older orders
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

function OrdersChunk({ after }: { after: string | null }) {
  const page = useOrdersPageQuery(after);
  if (page.data) return <OrderRows orders={page.data.orders} />;
  return (
    <tbody className="contents md:table-row-group">
      <tr className="block md:table-row">
        <td colSpan={7} className="block px-3 py-4 md:table-cell">
          {page.isError ? (
            <LoadError error={page.error} onRetry={() => void page.refetch()} />
          ) : (
            <Loading label="Loading older orders" />
          )}
        </td>
      </tr>
    </tbody>
  );
}

/** Export CSV (D20): every order, fetched page by page, built in the browser. */
function ExportCsv() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const orders = await fetchAllOrders();
          const day = new Date().toISOString().slice(0, 10);
          downloadText(ordersToCsv(orders), `courtside-orders-${day}.csv`);
          toast.success(`Exported ${orders.length} orders`);
        } catch (error) {
          toast.error(`The export failed: ${errorText(error)}`);
        } finally {
          setBusy(false);
        }
      }}
    >
      Export CSV
    </Button>
  );
}

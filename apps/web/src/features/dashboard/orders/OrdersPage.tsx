import { useState } from 'react';
import { ORDER_VIEW_TEXT } from '@courtside/shop';
import { Outlet, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { Button } from '../../../components/ui/Button';
import { ordersToCsv } from '../csv';
import { fetchAllOrders, ORDERS_PAGE, useOrderCountsQuery, useOrdersListQuery } from './orders-api';
import {
  NO_FILTER,
  ordersFilterParams,
  parseOrdersFilter,
  type OrdersFilter,
} from './orders-filters';
import { OrdersFilterBar } from './OrdersFilterBar';
import { OrderViews } from './OrderViews';
import { OrderRows, OrdersTable } from './OrdersTable';
import { Pagination } from '../Pagination';
import { pageCount } from '../paging';
import { ExportCsvButton } from '../ExportCsvButton';
import { HeldPairsPanel } from './HeldPairsPanel';
import { PrintLink } from './print/PrintLink';
import { Counter, Loading, PageTitle } from '../ui';
import { usePageTitle } from '../../../lib/page-title';

/** /dashboard/orders; a child /dashboard/orders/:id replaces the list (docs/shop.md §2). */
export function OrdersPage() {
  usePageTitle('Orders · Dashboard');
  const { id } = useParams();
  return id ? <Outlet /> : <OrdersList />;
}

function OrdersList() {
  const counts = useOrderCountsQuery();
  const [params, setParams] = useSearchParams();
  const filter = parseOrdersFilter(params);
  const list = useOrdersListQuery(filter);
  const show = (next: OrdersFilter, replace = false) =>
    setParams(ordersFilterParams(next), { replace });
  const filtered =
    filter.q !== '' || filter.status !== null || filter.payment !== null || filter.view !== null;
  const orders = list.data?.orders ?? [];
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setChosen((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <section>
      <PageTitle actions={<ExportCsv />}>All Orders</PageTitle>
      <div className="grid grid-cols-3 gap-2 sm:max-w-xl sm:gap-3">
        <Counter label="Total Orders" value={counts.data?.total} />
        <Counter label="Pending" value={counts.data?.pending} tone="text-red-600" />
        <Counter label="Delivered" value={counts.data?.delivered} tone="text-blue-600" />
      </div>
      <HeldPairsPanel />
      <OrderViews current={filter.view} />
      <OrdersFilterBar filter={filter} onChange={show} />
      <div className="mt-4" aria-busy={list.isFetching || undefined}>
        {list.isLoading ? (
          <Loading label="Loading orders" />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : orders.length === 0 ? (
          <div className="py-10 text-center text-muted">
            <p>{emptyText(filter)}</p>
            {(filtered || filter.page > 1) && (
              <Button variant="ghost" className="mt-3" onClick={() => show(NO_FILTER)}>
                Show every order
              </Button>
            )}
          </div>
        ) : (
          <>
            <PrintChosen chosen={chosen} onClear={() => setChosen(new Set())} />
            <OrdersTable>
              <OrderRows orders={orders} selection={{ chosen, toggle }} />
            </OrdersTable>
            <div className="mt-4">
              <Pagination
                page={filter.page}
                pages={pageCount(list.data?.total ?? 0, ORDERS_PAGE)}
                to={(page) => `?${ordersFilterParams({ ...filter, page })}`}
                label="Order pages"
              />
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/** The ticked orders' slips to print (they stay ticked across pages and filters until cleared). */
function PrintChosen({ chosen, onClear }: { chosen: ReadonlySet<string>; onClear: () => void }) {
  if (chosen.size === 0) {
    return <p className="mb-3 text-sm text-muted">Tick orders to print their invoices together.</p>;
  }
  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-3"
      role="group"
      aria-label="Selected orders"
    >
      <p className="text-sm font-semibold">
        {chosen.size} {chosen.size === 1 ? 'order' : 'orders'} selected
      </p>
      <PrintLink
        orderIds={[...chosen]}
        label={chosen.size === 1 ? 'Print invoice' : `Print ${chosen.size} invoices`}
      />
      <Button variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}

/** What an empty list says: past its last page, nothing matching, or a shop with no orders. */
function emptyText(filter: OrdersFilter): string {
  if (filter.page > 1) return 'No orders on this page.';
  if (filter.view && !filter.q && !filter.status && !filter.payment) {
    return ORDER_VIEW_TEXT[filter.view].empty;
  }
  if (filter.view || filter.q || filter.status || filter.payment) return 'No orders match.';
  return 'No orders yet.';
}

/** Export CSV (D20): every order, fetched page by page, built in the browser. */
function ExportCsv() {
  return (
    <ExportCsvButton
      name="orders"
      rows="orders"
      build={async () => {
        const orders = await fetchAllOrders();
        return { text: ordersToCsv(orders), count: orders.length };
      }}
    />
  );
}

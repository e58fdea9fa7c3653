import { CUSTOMERS_PAGE } from '@courtside/shop';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { usePageTitle } from '../../../lib/page-title';
import { ExportCsvButton } from '../ExportCsvButton';
import { Pagination } from '../Pagination';
import { pageCount, pageParam } from '../paging';
import { Counter, Loading, PageTitle } from '../ui';
import { CustomerCard } from './CustomerCard';
import { customersToCsv, fetchAllCustomers, useCustomersQuery } from './customers-api';

/**
 * /dashboard/customers: everyone who ordered, with an account or as a guest, one per mobile
 * number, the latest to order first; found by part of the name, phone ("0301") or e-mail
 * (`?q=`), a page at a time (`?page=`), each one's page (orders and notes) a tap away, and
 * Export CSV.
 */
export function CustomersPage() {
  usePageTitle('Customers · Dashboard');
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const search = params.get('q') ?? '';
  const page = pageParam(params.get('page'), CUSTOMERS_PAGE);
  const list = useCustomersQuery({
    search,
    limit: CUSTOMERS_PAGE,
    offset: (page - 1) * CUSTOMERS_PAGE,
  });
  const [typed, setTyped] = useState(search);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };
  const pageTo = (p: number) => {
    const next = new URLSearchParams(search ? { q: search } : {});
    if (p > 1) next.set('page', String(p));
    return next.size ? `${pathname}?${next.toString()}` : pathname;
  };
  return (
    <section>
      <PageTitle
        actions={
          <ExportCsvButton
            name="customers"
            rows="customers"
            build={async () => {
              const all = await fetchAllCustomers(search);
              return { text: customersToCsv(all), count: all.length };
            }}
          />
        }
      >
        Customers
      </PageTitle>
      <div className="flex flex-wrap items-end gap-3">
        <Counter label={search ? 'Found' : 'Customers'} value={list.data?.total} />
        <form
          role="search"
          onSubmit={submit}
          className="flex w-full min-w-0 gap-2 sm:w-auto sm:flex-1 sm:max-w-md"
        >
          <label htmlFor="customer-search" className="sr-only">
            Search customers by name, phone or e-mail
          </label>
          <input
            id="customer-search"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Name, phone (0301...) or e-mail"
            className="h-11 min-w-0 flex-1 rounded-full border border-line bg-white px-4 text-base"
          />
          <button
            type="submit"
            className="h-11 rounded-full bg-ink px-5 text-sm font-semibold text-white"
          >
            Search
          </button>
        </form>
      </div>
      <div className="mt-5" aria-busy={list.isFetching || undefined}>
        {list.isLoading ? (
          <Loading label="Loading customers" />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data && list.data.customers.length > 0 ? (
          <ul aria-label="Customers, latest order first" className="grid gap-3 lg:grid-cols-2">
            {list.data.customers.map((c) => (
              <CustomerCard key={c.phone} customer={c} />
            ))}
          </ul>
        ) : (
          <p className="py-10 text-center text-muted">
            {search ? `No customer matches “${search}”.` : 'Nobody has ordered yet.'}
          </p>
        )}
      </div>
      <div className="mt-5">
        <Pagination
          page={page}
          pages={pageCount(list.data?.total ?? 0, CUSTOMERS_PAGE)}
          to={pageTo}
          label="Customer pages"
        />
      </div>
    </section>
  );
}

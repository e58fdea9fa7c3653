import { useState } from 'react';
import { LoadError } from '../../../components/ui/LoadError';
import { usePageTitle } from '../../../lib/page-title';
import { Loading, PageTitle } from '../ui';
import { CodeCard } from './CodeCard';
import { CodeForm } from './CodeForm';
import { useOwnerCodesQuery } from './codes-api';
import { SaleForm } from './SaleForm';
import { SalesList } from './SalesList';

/**
 * Sales and discount codes (/dashboard/codes): the owner makes a code, sees each one's status,
 * uses and revenue, and switches one off or on; and puts a sale price on chosen pairs for a date
 * range, seeing the pairs on sale now or soon.
 */
export function CodesPage() {
  usePageTitle('Discount codes · Dashboard');
  const list = useOwnerCodesQuery();
  const [made, setMade] = useState<string | null>(null);
  const now = new Date();
  return (
    <section>
      <PageTitle>Discount codes</PageTitle>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
        <div>
          <CodeForm onCreated={setMade} />
          {made && (
            <p role="status" className="mt-3 text-sm font-medium text-green-700">
              Code {made} is saved: customers can type it at checkout.
            </p>
          )}
        </div>
        <div aria-busy={list.isFetching || undefined}>
          <h2 className="sr-only">Your codes</h2>
          {list.isLoading ? (
            <Loading label="Loading codes" />
          ) : list.isError ? (
            <LoadError error={list.error} onRetry={() => void list.refetch()} />
          ) : list.data && list.data.length > 0 ? (
            <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2" aria-label="Your codes">
              {list.data.map((code) => (
                <CodeCard key={code.$id} code={code} now={now} />
              ))}
            </ul>
          ) : (
            <p className="rounded-card border border-dashed border-line py-10 text-center text-muted">
              No codes yet. Make one with the form.
            </p>
          )}
        </div>
      </div>
      <h2 className="mt-10 mb-4 text-xl font-black tracking-tight lg:text-2xl">Sales</h2>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
        <SaleForm />
        <section
          aria-label="Pairs on sale"
          className="rounded-card border border-line bg-card px-4 shadow-sm sm:px-5"
        >
          <SalesList />
        </section>
      </div>
    </section>
  );
}

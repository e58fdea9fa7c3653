import { useLocation, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { usePageTitle } from '../../../lib/page-title';
import { ExportCsvButton } from '../ExportCsvButton';
import { Pagination } from '../Pagination';
import { pageCount, pageParam } from '../paging';
import {
  fetchAllSubscribers,
  SUBSCRIBERS_PAGE,
  subscribersToCsv,
  useSubscribersPageQuery,
} from './subscribers-api';
import { Counter, dateText, Loading, PageTitle } from '../ui';

/**
 * The addresses the footer's subscribe box collected (D11), newest first, a page at a time
 * (`?page=`), and Export CSV of them all.
 */
export function SubscribersPage() {
  usePageTitle('Subscribers · Dashboard');
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = pageParam(params.get('page'), SUBSCRIBERS_PAGE);
  const list = useSubscribersPageQuery(page);
  const total = list.data?.total;
  const pages = pageCount(total ?? 0, SUBSCRIBERS_PAGE);
  return (
    <section>
      <PageTitle
        actions={
          <ExportCsvButton
            name="subscribers"
            rows="subscribers"
            build={async () => {
              const all = await fetchAllSubscribers();
              return { text: subscribersToCsv(all), count: all.length };
            }}
          />
        }
      >
        Subscribers
      </PageTitle>
      <div className="grid grid-cols-2 gap-2 sm:max-w-md sm:gap-3">
        <Counter label="Subscribers" value={total} />
      </div>
      <div className="mt-5" aria-busy={list.isFetching || undefined}>
        {list.isLoading ? (
          <Loading label="Loading subscribers" />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data && list.data.subscribers.length > 0 ? (
          <div className="overflow-hidden rounded-card border border-line bg-card shadow-sm">
            <table className="w-full table-fixed text-sm">
              <caption className="sr-only">Subscribers, newest first</caption>
              <thead className="bg-paper text-left text-xs tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2.5 font-semibold">
                    E-mail
                  </th>
                  <th scope="col" className="hidden w-40 px-3 py-2.5 font-semibold sm:table-cell">
                    Subscribed
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.data.subscribers.map((s) => (
                  <tr key={s.$id}>
                    <td className="px-3 py-3 font-medium wrap-anywhere">
                      <a href={`mailto:${s.email}`} className="hover:underline">
                        {s.email}
                      </a>
                      {/* Phones: the date under the address, the table one column wide. */}
                      <span className="mt-0.5 block text-xs font-normal text-muted sm:hidden">
                        {dateText(s.$createdAt)}
                      </span>
                    </td>
                    <td className="hidden px-3 py-3 whitespace-nowrap text-muted tabular-nums sm:table-cell">
                      {dateText(s.$createdAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="py-10 text-center text-muted">No subscribers yet.</p>
        )}
      </div>
      <div className="mt-5">
        <Pagination
          page={page}
          pages={pages}
          to={(p) => (p > 1 ? `${pathname}?page=${p}` : pathname)}
          label="Subscriber pages"
        />
      </div>
    </section>
  );
}

import {
  INFO_PAGE_TITLES,
  DELIVERY_ESTIMATE_ID,
  HIGHLIGHTS_ID,
  INFO_PAGE_SLUGS,
} from '@courtside/shop';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { infoPagePath, paths } from '../../../config/routes';
import { usePageTitle } from '../../../lib/page-title';
import { DeliveryEstimateForm } from './DeliveryEstimateForm';
import { useSavedInfoTextsQuery } from './info-pages-api';
import { ServiceHighlightsForm } from './ServiceHighlightsForm';
import { dateText, Loading, PageTitle } from '../ui';

/**
 * /dashboard/pages: the delivery estimate, the home page's service highlights, and the shop's pages (privacy, terms, FAQ, contact,
 * size exchange), each with its own text or the default, to open and edit.
 */
export function InfoPagesPage() {
  usePageTitle('Pages · Dashboard');
  const { data: saved, isLoading, isError, error, refetch } = useSavedInfoTextsQuery();
  return (
    <section className="max-w-3xl space-y-6">
      <PageTitle>Pages</PageTitle>
      {isLoading ? (
        <Loading label="Loading the pages" />
      ) : isError || !saved ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <DeliveryEstimateForm saved={saved[DELIVERY_ESTIMATE_ID]} />
          <ServiceHighlightsForm saved={saved[HIGHLIGHTS_ID]} />
          <section aria-labelledby="info-pages-title" className="space-y-3">
            <h2 id="info-pages-title" className="text-lg font-bold">
              Shop pages
            </h2>
            <p className="text-sm text-muted">
              Linked from the footer of every page. Until you save your own text, a page shows the
              shop&apos;s default.
            </p>
            <ul className="divide-y divide-line rounded-card border border-line bg-card shadow-sm">
              {INFO_PAGE_SLUGS.map((slug) => {
                const own = saved[slug];
                const title = own?.title ?? INFO_PAGE_TITLES[slug];
                return (
                  <li key={slug} className="flex items-center justify-between gap-3 p-4">
                    <div className="min-w-0">
                      <p className="truncate font-semibold">{title}</p>
                      <p className="text-xs text-muted">
                        <Link
                          to={infoPagePath(slug)}
                          className="underline-offset-2 hover:underline"
                        >
                          {infoPagePath(slug)}
                        </Link>{' '}
                        · {own ? `Edited ${dateText(own.updatedAt)}` : 'Default text'}
                      </p>
                    </div>
                    <Link
                      to={paths.dashboard.editPage(slug)}
                      aria-label={`Edit ${title}`}
                      className="inline-flex min-h-11 shrink-0 items-center rounded-full px-5 text-sm font-semibold ring-1 ring-line hover:bg-white"
                    >
                      Edit
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}

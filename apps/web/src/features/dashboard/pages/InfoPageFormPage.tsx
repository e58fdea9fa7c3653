import { INFO_PAGE_TITLES, isInfoPageSlug } from '@courtside/shop';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/routes';
import { usePageTitle } from '../../../lib/page-title';
import { InfoPageForm } from './InfoPageForm';
import { useSavedInfoTextsQuery } from './info-pages-api';
import { Gone, Loading, PageTitle } from '../ui';

/** /dashboard/pages/:slug: one of the shop's pages, its saved text or the default, to edit. */
export function InfoPageFormPage() {
  const { slug = '' } = useParams();
  const known = isInfoPageSlug(slug);
  usePageTitle(`${known ? INFO_PAGE_TITLES[slug] : 'Page'} · Dashboard`);
  const { data: saved, isLoading, isError, error, refetch } = useSavedInfoTextsQuery();
  if (!known) {
    return (
      <Gone
        message="The shop has no such page."
        back={{ to: paths.dashboard.pages, label: 'Go to the pages' }}
      />
    );
  }
  return (
    <section>
      <PageTitle>Edit {INFO_PAGE_TITLES[slug]}</PageTitle>
      {isLoading ? (
        <Loading label="Loading the page" />
      ) : isError || !saved ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <InfoPageForm
          key={`${slug}:${saved[slug]?.updatedAt ?? ''}`}
          slug={slug}
          saved={saved[slug]}
        />
      )}
    </section>
  );
}

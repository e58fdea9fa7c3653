import {
  DEFAULT_CHARGES,
  defaultInfoPages,
  INFO_PAGE_SLUGS,
  isInfoPageSlug,
  shopWhatsappLink,
  type InfoPageSlug,
} from '@courtside/shop';
import { Link, useLocation } from 'react-router';
import { LoadError } from '../../components/ui/LoadError';
import { NotFoundPage } from '../../components/ui/NotFoundPage';
import { PageText } from '../../components/ui/PageText';
import { WhatsAppButton } from '../../components/ui/WhatsAppButton';
import { infoPagePath } from '../../config/routes';
import { useInfoTextQuery } from '../../entities/info-page/info-pages-api';
import { usePageTitle } from '../../lib/page-title';
import { useShopFacts } from '../../lib/shop-facts';
import { useChargesQuery } from '../../entities/shop/charges-api';

/** The other pages, by their default titles (short enough for a row of links). */
const OTHERS: Record<InfoPageSlug, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Use',
  faq: 'FAQ',
  contact: 'Contact',
  'size-exchange': 'Size Exchange',
};

function InfoSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto min-h-dvh max-w-3xl space-y-4">
      <div className="h-9 w-2/3 animate-pulse rounded bg-slate-100" />
      <div className="h-32 animate-pulse rounded bg-slate-100" />
    </div>
  );
}

function Page({ slug }: { slug: InfoPageSlug }) {
  const { data, isLoading, isError, refetch } = useInfoTextQuery(slug);
  const facts = useShopFacts();
  const charges = useChargesQuery().data ?? DEFAULT_CHARGES;
  // Never saved by the owner (null): the shop's default text, with its facts and charges.
  const page = data ?? defaultInfoPages(facts, charges)[slug];
  usePageTitle(isLoading ? undefined : isError ? 'Page' : page.title);
  if (isLoading) return <InfoSkeleton />;
  if (isError) return <LoadError what="this page" onRetry={() => void refetch()} />;
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-black tracking-tight">{page.title}</h1>
      <div className="mt-4">
        <PageText body={page.body} />
      </div>
      <div className="mt-10 space-y-5 border-t border-line pt-6">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink-soft">A question we did not answer?</p>
          <WhatsAppButton href={shopWhatsappLink(facts, `Hi ${facts.name}, I have a question.`)}>
            Ask on WhatsApp
          </WhatsAppButton>
        </div>
        <nav aria-label="Shop information">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {INFO_PAGE_SLUGS.filter((s) => s !== slug).map((s) => (
              <li key={s}>
                <Link
                  to={infoPagePath(s)}
                  className="font-semibold text-court-dark underline-offset-2 hover:underline"
                >
                  {OTHERS[s]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </article>
  );
}

/**
 * The shop's own pages (privacy, terms, FAQ, contact, size exchange): the owner's text, or the
 * default until they save one. Which page: the path, `/<slug>`.
 */
export function InfoPage() {
  const slug = useLocation().pathname.replace(/^\/|\/$/g, '');
  if (!isInfoPageSlug(slug)) return <NotFoundPage />;
  return <Page key={slug} slug={slug} />;
}

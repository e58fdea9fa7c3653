import {
  contentError,
  contentPictures,
  SHOP_IMAGE_ID_LIST,
  shownSlides,
  type BannerSlide,
  type ShopContent,
} from '@courtside/shop';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/Button';
import { LoadError } from '../../../components/ui/LoadError';
import { contentApi } from '../../../entities/shop/content-api';
import { errorText } from '../../../lib/errors';
import { usePageTitle } from '../../../lib/page-title';
import { Loading, PageTitle } from '../ui';
import { discardImages } from '../products/images';
import { useSaveContentMutation } from './content-api';
import { ContentPreview } from './ContentPreview';
import { PictureField } from './PictureField';
import { PromoEditor } from './PromoEditor';
import { SlidesSection } from './SlidesSection';

/**
 * /dashboard/content: the storefront's content (shop-content.ts). The owner uploads and arranges
 * the home banner's slides, writes the promo, replaces the logo and the size chart, sees them in
 * a preview at a phone's and a desktop's width, and saves them together: shoppers see them on
 * their next page.
 */
export function ContentPage() {
  usePageTitle('Storefront content · Dashboard');
  const { data, isLoading, isError, error, refetch } = contentApi.useShopContentQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <section className="max-w-5xl">
      <PageTitle>Storefront content</PageTitle>
      {isLoading ? (
        <Loading label="Loading the content" />
      ) : isError || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <ContentForm saved={data} />
      )}
    </section>
  );
}

const isShopImage = (id: string) => SHOP_IMAGE_ID_LIST.includes(id);

function ContentForm({ saved }: { saved: ShopContent }) {
  const [draft, setDraft] = useState(saved);
  /** The slide last changed, which the preview shows. */
  const [editing, setEditing] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveContentMutation();
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (part: Partial<ShopContent>) => setDraft((d) => ({ ...d, ...part }));
  const setSlides = (slides: BannerSlide[], at: number) => {
    change({ slides });
    setEditing(at);
  };
  // The slide last changed among those shown (a hidden one: the one before it).
  const shownAt = shownSlides({ slides: draft.slides.slice(0, editing + 1) }).length - 1;

  const submit = async () => {
    const wrong = contentError(draft);
    setProblem(wrong);
    if (wrong) return;
    try {
      setDraft(await save(draft).unwrap());
      toast.success('Content saved: shoppers see it on the home page now');
    } catch (err) {
      setProblem(errorText(err));
    }
  };

  return (
    <div className="space-y-8">
      <p className="max-w-2xl text-sm text-muted">
        The home page&apos;s banner and promo, the logo in every page&apos;s header and the size
        guide&apos;s chart. A picture is uploaded as soon as you choose it; nothing changes for
        shoppers until you save.
      </p>
      <ContentPreview draft={draft} slide={Math.max(0, shownAt)} />
      <SlidesSection slides={draft.slides} onSlides={setSlides} />
      <section aria-labelledby="promo-edit-title" className="space-y-3">
        <h2 id="promo-edit-title" className="text-lg font-bold">
          Promo
        </h2>
        <PromoEditor promo={draft.promo} onChange={(promo) => change({ promo })} />
      </section>
      <PicturesSection draft={draft} change={change} />
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur">
        <Button loading={isLoading} disabled={!changed} onClick={() => void submit()}>
          Save content
        </Button>
        {changed && (
          <Button
            variant="ghost"
            onClick={() => {
              // The pictures uploaded for this draft go with it.
              const kept = new Set(contentPictures(saved).map((p) => p.file));
              const drafted = contentPictures(draft).map((p) => p.file);
              void discardImages(drafted.filter((id) => !kept.has(id) && !isShopImage(id)));
              setDraft(saved);
              setProblem(null);
            }}
          >
            Undo changes
          </Button>
        )}
        {problem ? (
          <p role="alert" className="basis-full text-sm text-danger sm:basis-auto">
            {problem}
          </p>
        ) : (
          <p className="text-sm text-muted">{changed ? 'Not saved yet' : 'Saved'}</p>
        )}
      </div>
    </div>
  );
}

/** The logo in every page's header and the size guide's chart. */
function PicturesSection({
  draft,
  change,
}: {
  draft: ShopContent;
  change: (part: Partial<ShopContent>) => void;
}) {
  return (
    <section aria-labelledby="pictures-title" className="space-y-3">
      <h2 id="pictures-title" className="text-lg font-bold">
        Logo and size chart
      </h2>
      <div className="grid gap-4 rounded-card border border-line bg-card p-4 shadow-sm sm:grid-cols-[12rem_1fr]">
        <div className="max-w-48 space-y-2">
          <p className="text-sm font-bold">Logo</p>
          <PictureField
            label="Logo picture"
            file={draft.logo}
            aspect="aspect-square"
            fit="contain"
            hint="Square, like 512 × 512, on a transparent background (png)."
            onUploaded={(logo) => change({ logo })}
          />
        </div>
        <div className="max-w-md space-y-2">
          <p className="text-sm font-bold">Size chart</p>
          <PictureField
            label="Size chart picture"
            file={draft.size_chart}
            aspect="aspect-[3/2]"
            fit="contain"
            hint="Like 1200 × 800; the size guide shows it whole."
            onUploaded={(size_chart) => change({ size_chart })}
          />
        </div>
      </div>
    </section>
  );
}

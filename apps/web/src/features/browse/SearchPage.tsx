import { shopWhatsappLink } from '@courtside/shop';
import { useSearchParams } from 'react-router';
import { WhatsAppButton } from '../../components/ui/WhatsAppButton';
import { BrowseList } from '../../entities/browse/BrowseList';
import { usePageTitle } from '../../lib/page-title';
import { useShopFacts } from '../../lib/shop-facts';

/**
 * The header search's results (`/search?q=`): pairs whose titles hold the words, best match first
 * unless another sort is chosen, with the filters of every list. Nothing found: the shop offers
 * to look for the pair on WhatsApp.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const facts = useShopFacts();
  usePageTitle(q ? `Search: ${q}` : 'Search');
  return (
    <BrowseList
      key={q}
      lines={null}
      q={q}
      eyebrow="Search"
      title={q ? `Results for “${q}”` : 'Search the shop'}
      label="Search results"
      emptyText={q ? 'Your search did not match any Product' : 'Type what you are looking for'}
      emptyAction={
        q ? (
          <WhatsAppButton
            href={shopWhatsappLink(
              facts,
              `Salam! I am looking for "${q}". Can you find it for me?`,
            )}
          >
            Ask us to find it on WhatsApp
          </WhatsAppButton>
        ) : null
      }
    />
  );
}

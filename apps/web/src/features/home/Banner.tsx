import { shownSlides } from '@courtside/shop';
import { BannerSlides } from '../../components/content/BannerSlides';
import { useChargesQuery } from '../../entities/shop/charges-api';
import { useShopContent } from '../../lib/shop-content';

/** The home banner: the owner's slides shown (shop-content.ts), in their order. */
export function Banner() {
  const { data: charges } = useChargesQuery();
  return <BannerSlides slides={shownSlides(useShopContent())} charges={charges} />;
}

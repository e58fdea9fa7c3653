/**
 * The shop's own pictures: files in the images bucket with fixed ids, made by the backend's demo
 * seed and replaceable by the owner (upload a file with the same id). The web app shows them
 * through the storage preview/view URLs.
 */
export const SHOP_IMAGE_IDS = Object.freeze({
  /** The home banner's five slides, 1600x600 webp. */
  banners: ['banner-1', 'banner-2', 'banner-3', 'banner-4', 'banner-5'] as const,
  /** The home page's promo image, 1200x400 webp. */
  promo: 'promo',
  /** The size guide's chart, 1200x800 png. */
  sizeChart: 'size-chart',
  /** The round logo, 512x512 png with a transparent background. */
  logo: 'logo',
});

export const SHOP_IMAGE_ID_LIST: readonly string[] = [
  ...SHOP_IMAGE_IDS.banners,
  SHOP_IMAGE_IDS.promo,
  SHOP_IMAGE_IDS.sizeChart,
  SHOP_IMAGE_IDS.logo,
];

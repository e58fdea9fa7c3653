import sharp from 'sharp';
import { SHOP_IMAGE_IDS } from '@courtside/shop';
import { bannerSvg, logoSvg, promoSvg, sizeChartSvg, SLIDES } from './brand-art.js';
import type { DemoProduct } from './catalogue.js';
import { productPhotoSvg } from './sneaker-svg.js';

/** Renders the demo shop's SVG drawings to the files the bucket stores. */

export interface RenderedImage {
  fileId: string;
  name: string;
  bytes: Buffer;
}

/** Product photos: 900 x 900 webp, one file per view. */
export async function renderProductPhotos(
  product: DemoProduct,
  productId: string,
): Promise<RenderedImage[]> {
  return Promise.all(
    product.views.map(async (view, i) => {
      const svg = productPhotoSvg(product.colours, product.cut, view, `p${i}`);
      const bytes = await sharp(Buffer.from(svg), { density: 65 })
        .resize(900, 900)
        .webp({ quality: 82 })
        .toBuffer();
      return { fileId: `${productId}-${i + 1}`, name: `${productId}-${view}.webp`, bytes };
    }),
  );
}

/** The banner slides, promo, size chart and logo, under the fixed ids of SHOP_IMAGE_IDS. */
export async function renderShopImages(): Promise<RenderedImage[]> {
  const webp = (svg: string) => sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
  const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  const banners = await Promise.all(
    SLIDES.map(async (slide, i) => ({
      fileId: SHOP_IMAGE_IDS.banners[i]!,
      name: `banner-${i + 1}.webp`,
      bytes: await webp(bannerSvg(slide, i)),
    })),
  );
  return [
    ...banners,
    { fileId: SHOP_IMAGE_IDS.promo, name: 'promo.webp', bytes: await webp(promoSvg()) },
    { fileId: SHOP_IMAGE_IDS.sizeChart, name: 'size-chart.png', bytes: await png(sizeChartSvg()) },
    { fileId: SHOP_IMAGE_IDS.logo, name: 'logo.png', bytes: await png(logoSvg()) },
  ];
}

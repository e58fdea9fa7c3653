import { DEFAULT_IDS, MEDIA, previewPath, type ShopIds } from '@courtside/shop';

/** The loading screen's logo in CSS px: index.html's, before the app, and FullPageSpinner's. */
export const LOADING_LOGO_SIZE = 56;

/**
 * The path of the owner's uploaded logo (the `logo` file, spec section 1) as a preview `size`
 * CSS px wide, with twice the pixels for sharp screens: the one recipe of Brand.tsx's `Logo` and
 * of the static loading screen that index.html shows before the app (build-plugins.ts,
 * shellLogo), so the app's spinner finds the picture the page already loaded.
 */
export const logoPreviewPath = (
  ids: Pick<ShopIds, 'project' | 'bucket'>,
  size: number,
  file: string = MEDIA.logo,
) => previewPath(ids, file, size * 2, size * 2);

/**
 * The logo's address on index.html's static loading screen, from the build's settings (Vite's
 * `config.env`, read as config/env.ts reads them): the very preview the app's FullPageSpinner
 * asks for (lib/images.ts, logoUrl).
 */
export function shellLogoSrc(env: Readonly<Record<string, string | undefined>>): string {
  const ids = {
    project: env.VITE_PROJECT_ID ?? DEFAULT_IDS.project,
    bucket: env.VITE_BUCKET_ID ?? DEFAULT_IDS.bucket,
  };
  return `${env.VITE_APPWRITE_ENDPOINT ?? '/v1'}${logoPreviewPath(ids, LOADING_LOGO_SIZE)}`;
}

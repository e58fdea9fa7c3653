import { brandBySlug, categoryLabel, type Product } from '@courtside/shop';
import { Query } from 'appwrite';
import { paths } from '../../config/routes';
import { ids } from '../../config/env';
import { api } from '../../lib/api';
import { databases } from '../../lib/appwrite';
import { call } from '../../lib/errors';
import { LISTED } from '../../entities/product/listed';

/** A "Shop by brand" tile: a brand (every line of theirs) or a single line. */
export interface Tile {
  label: string;
  to: string;
  lines: readonly string[];
}

/** The tiles: brands first, then single lines. */
export const TILES: readonly Tile[] = [
  ...(['jordan', 'nike', 'adidas', 'puma'] as const).map((slug) => ({
    label: brandBySlug(slug)!.label,
    to: paths.brand(slug),
    lines: brandBySlug(slug)!.lines,
  })),
  ...(['lebron', 'kobe', 'kyrie', 'kd', 'curry', 'freak', 'dame', 'lamalo'] as const).map(
    (slug) => ({ label: categoryLabel(slug), to: paths.category(slug), lines: [slug] }),
  ),
];

/** The newest pairs the tiles choose their pictures from: enough for a small shop's every line. */
export const TILE_CHOICE = 100;

type Pictured = Pick<Product, 'category' | 'image' | 'stoke'>;

/**
 * Each tile's picture (its `to` -> a product's image id): the newest pair of its lines, one in
 * stock before one sold out, and one no earlier tile shows before one it does; no entry for a
 * tile whose lines have no pair with a picture. `products` come newest first.
 */
export function tilePictures(
  tiles: readonly Tile[],
  products: readonly Pictured[],
): Record<string, string> {
  const shown = new Set<string>();
  const pictures: Record<string, string> = {};
  for (const tile of tiles) {
    const own = products.filter((p) => p.image && tile.lines.includes(p.category));
    const fresh = own.filter((p) => !shown.has(p.image));
    const pick =
      fresh.find((p) => p.stoke === 'true') ?? fresh[0] ?? own.find((p) => p.stoke === 'true');
    const image = (pick ?? own[0])?.image;
    if (!image) continue;
    pictures[tile.to] = image;
    shown.add(image);
  }
  return pictures;
}

/**
 * The tiles' pictures in one call: the newest pairs of every tile's lines, only the fields a
 * choice needs; the cache keeps the choice alone (a dozen ids), so a server-rendered home carries
 * no more.
 */
export const brandTilesApi = api.injectEndpoints({
  endpoints: (build) => ({
    tilePictures: build.query<Record<string, string>, void>({
      queryFn: () =>
        call(async () => {
          const { documents } = await databases.listDocuments<Product>(ids.database, ids.products, [
            LISTED,
            Query.equal('category', [...new Set(TILES.flatMap((t) => t.lines))]),
            Query.orderDesc('$createdAt'),
            Query.select(['category', 'image', 'stoke']),
            Query.limit(TILE_CHOICE),
          ]);
          return tilePictures(TILES, documents);
        }),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const { useTilePicturesQuery } = brandTilesApi;

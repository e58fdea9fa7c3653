import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_PATH, PAGE_CHUNKS_META } from '@courtside/shop/web-page';

/** One chunk of Vite's build manifest (`build.manifest`), keyed by its source file. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

/** The built web app's manifest, or an empty one when there is none (or it is unreadable). */
export function readManifest(webDir: string): ViteManifest {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(webDir, MANIFEST_PATH), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as ViteManifest) : {};
  } catch {
    return {};
  }
}

/** A chunk's file and the files of every chunk it imports statically, transitively. */
function closure(manifest: ViteManifest, key: string, into: Set<string>, files: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(key)) return;
  into.add(key);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into, files);
}

/**
 * For a manifest, a function giving the chunks (`/assets/...js`) the source modules `modules`
 * need that a first load does not already bring (the entry and what it imports): what a page
 * should preload beside the entry. The first load's chunks are found once, not per request.
 */
export function lazyChunks(manifest: ViteManifest): (modules: readonly string[]) => string[] {
  const initial = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) closure(manifest, key, new Set(), initial);
  }
  return (modules) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    for (const module of modules) closure(manifest, module, seen, files);
    return [...files]
      .filter((file) => !initial.has(file) && /^assets\/[\w.-]+\.js$/.test(file))
      .map((file) => `/${file}`);
  };
}

/**
 * The `<meta>` naming a page's chunks (PAGE_CHUNKS_META), for its loader to preload with the
 * app's entry once the page has painted; nothing when there are none.
 */
export const pageChunksTag = (chunks: readonly string[]): string =>
  chunks.length ? `<meta name="${PAGE_CHUNKS_META}" content="${chunks.join(' ')}" />` : '';

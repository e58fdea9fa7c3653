import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

/**
 * Storefront pages that load as lazy routes, by the start of their path: the server lists their
 * chunks as `<link rel="modulepreload">` in the page it sends for such a path (issue 7), so they
 * download beside the first-load chunk instead of after it. Keep in step with src/app/router.tsx.
 */
export const ROUTE_MODULES: Record<string, string> = {
  '/cart': 'src/features/cart/CartPage.tsx',
  '/sizes': 'src/features/sizes/SizesPage.tsx',
};

/** Writes route-preloads.json: path start -> the route's chunk and the chunks it imports. */
export function routePreloads(): Plugin {
  return {
    name: 'courtside-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (o): o is Rolldown.OutputChunk => o.type === 'chunk',
      );
      const initial = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        const c = chunks.find((x) => x.fileName === file);
        c?.imports.forEach((f) => walk(f, into));
      };
      chunks.filter((c) => c.isEntry).forEach((c) => walk(c.fileName, initial));
      const map: Record<string, string[]> = {};
      for (const [prefix, module] of Object.entries(ROUTE_MODULES)) {
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(module));
        if (!chunk) this.error(`route-preloads: no chunk for ${module}`);
        const files = new Set<string>();
        walk(chunk.fileName, files);
        map[prefix] = [...files].filter((f) => !initial.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(map),
      });
    },
  };
}

/**
 * Puts the entry stylesheet into index.html as a <style> (issue 7): the page's first paint no
 * longer waits for a second request on a phone's slow link. The server compresses the page
 * (apps/server/src/web/static.ts), so the styles still travel compressed. The file stays in
 * assets/ for anything that links it.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'courtside-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      html.source = html.source.replace(
        /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
        (tag, file: string) => {
          const css = bundle[file];
          if (css?.type !== 'asset') return tag;
          const text =
            typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source);
          return `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>`;
        },
      );
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible asset of the build, at
 * the highest levels, once per build; the backend serves them (@fastify/static `preCompressed`)
 * to browsers that accept them, so no request pays for compression.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'courtside-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const dir = join(outDir, 'assets');
      for (const name of readdirSync(dir)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const data = readFileSync(join(dir, name));
        if (data.length < 1024) continue;
        writeFileSync(
          join(dir, `${name}.br`),
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        writeFileSync(join(dir, `${name}.gz`), gzipSync(data, { level: 9 }));
      }
    },
  };
}

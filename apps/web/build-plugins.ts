import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type Rolldown } from 'vite';
import { shellLogoSrc } from './src/config/logo';
import { withLoader } from './src/loader/inline';

/**
 * A build step that rewrites the built index.html, after Vite has put its own tags in: `rewrite`
 * gets the page and the bundle, and `fail` stops the build.
 */
function rewriteIndexHtml(
  name: string,
  rewrite: (html: string, bundle: Rolldown.OutputBundle, fail: (m: string) => never) => string,
): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      html.source = rewrite(html.source, bundle, (m) => this.error(`${name}: ${m}`));
    },
  };
}

/**
 * Puts the entry stylesheet into index.html as a <style> (docs/architecture.md#speed): the page's
 * first paint no longer waits for a second request on a phone's slow link. The server compresses
 * the page (apps/server/src/web/static.ts), so the styles still travel compressed. The file stays
 * in assets/ for anything that links it.
 */
export function inlineEntryCss(): Plugin {
  return rewriteIndexHtml('courtside-inline-entry-css', (html, bundle) =>
    html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
      const css = bundle[file];
      if (css?.type !== 'asset') return tag;
      const text =
        typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source);
      return `<style>${text.replace(/<\/style/gi, '<\\/style')}</style>`;
    }),
  );
}

/** The one font file every page uses (styles.css): the display face's latin subset. */
const DISPLAY_FONT = /^assets\/oswald-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the display face's one file from index.html's head, so headings get it with the
 * page's first requests instead of after the styles have been read; the build stops if the
 * file is missing (a renamed file would otherwise quietly lose the preload).
 */
export function fontPreload(): Plugin {
  return rewriteIndexHtml('courtside-font-preload', (html, bundle, fail) => {
    const file = Object.keys(bundle).find((name) => DISPLAY_FONT.test(name));
    if (!file) return fail('the display font is not in the build');
    const link = `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`;
    return html.replace('</title>', `</title>\n    ${link}`);
  });
}

/** One of the page's inline scripts (src/loader/), bundled and minified into a classic script. */
async function buildInlineScript(root: string, entry: string): Promise<string> {
  const out = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { conditions: ['source'] },
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry: join(root, entry), formats: ['iife'], name: 'courtside' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  const code = outputs[0]?.output[0]?.code;
  if (!code) throw new Error(`${entry} built to nothing`);
  return code.trim();
}

/**
 * Replaces the entry `<script>` of index.html with the page's loader (src/loader/main.ts),
 * inline at the end of the body, which asks for the entry when the page is ready for it, and
 * puts the head's script (src/loader/head.ts) at the end of the head. Stops the build when
 * index.html lacks what the server and the loader rely on: the entry script and the app markers
 * (@courtside/shop/web-page).
 */
export function inlineLoader(): Plugin {
  let root = '';
  const scripts = { head: '', body: '' };
  return {
    ...rewriteIndexHtml('courtside-inline-loader', (html, _bundle, fail) =>
      withLoader(html, scripts, fail),
    ),
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      scripts.head = await buildInlineScript(root, 'src/loader/head.ts');
      scripts.body = await buildInlineScript(root, 'src/loader/main.ts');
    },
  };
}

/** Where index.html's loading screen names the logo's address (shellLogo). */
export const SHELL_LOGO_MARK = '%COURTSIDE_LOGO%';

/**
 * Fills in the address of the logo on index.html's static loading screen (shown before the app's
 * code has loaded, in development too), so it is the owner's uploaded logo like the app's;
 * loader/shell-logo.ts keeps the built-in one when there is none.
 */
export function shellLogo(): Plugin {
  let src = '';
  return {
    name: 'courtside-shell-logo',
    configResolved(config) {
      src = shellLogoSrc(config.env).replace(/&/g, '&amp;');
    },
    transformIndexHtml(html) {
      if (!html.includes(SHELL_LOGO_MARK)) throw new Error(`index.html has no ${SHELL_LOGO_MARK}`);
      return html.replace(SHELL_LOGO_MARK, () => src);
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

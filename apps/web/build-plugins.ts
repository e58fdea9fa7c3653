import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { HYDRATED_EVENT } from './src/app/hydrated';

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
 * Puts the entry stylesheet into index.html as a <style> (issue 7): the page's first paint no
 * longer waits for a second request on a phone's slow link. The server compresses the page
 * (apps/server/src/web/static.ts), so the styles still travel compressed. The file stays in
 * assets/ for anything that links it.
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

/**
 * The app's loader, inline at the end of the body (issue 7). A server-rendered page shows
 * without the app; on a slow link its first-screen pictures (fetchpriority="high") and the app's
 * JavaScript would share the bandwidth, so the app is asked for once the page has painted and
 * those pictures have arrived (after START_CAP_MS at most, also in a background tab, which paints
 * no frames). A page the
 * server did not render (the shell: no `shop-state`) starts the app at once.
 */
const loader = (src: string) => `(function () {
  var started = false;
  function go() {
    if (started) return;
    started = true;
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = '${src}';
    s.onerror = function () { if (release) release(); };
    document.head.appendChild(s);
  }
  var release;
  if (!document.getElementById('shop-state')) return go();
  // A tap on a rendered page's button before the app has hydrated (Add to cart, the wishlist
  // heart, a quantity step) would do nothing: it is held, shown busy, starts the app at once, and
  // is tapped again once the app has taken the page over (main.tsx sends ${JSON.stringify(HYDRATED_EVENT)}).
  var root = document.getElementById('root');
  var held = [];
  function hold(event) {
    var button = event.target.closest && event.target.closest('button');
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.indexOf(button) < 0) button.setAttribute('aria-busy', 'true');
    held.push(button);
    go();
  }
  document.addEventListener('click', hold, true);
  // The app's code did not arrive (offline): the buttons stop looking busy and taps go through.
  release = function () {
    document.removeEventListener('click', hold, true);
    held.forEach(function (button) { button.removeAttribute('aria-busy'); });
    held = [];
  };
  // Focusing a field (the search box) also starts the app; what was typed before it answered
  // reaches it as one input event after hydration, so the search shows its results.
  root.addEventListener('focusin', go);
  document.addEventListener(${JSON.stringify(HYDRATED_EVENT)}, function () {
    document.removeEventListener('click', hold, true);
    held.forEach(function (button) { button.removeAttribute('aria-busy'); });
    held.forEach(function (button) { if (button.isConnected && !button.disabled) button.click(); });
    held = [];
    root.querySelectorAll('input:not([type=checkbox]):not([type=radio]), textarea').forEach(function (field) {
      if (field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }, { once: true });
  setTimeout(go, ${START_CAP_MS});
  var pictures = document.querySelectorAll('#root img[fetchpriority="high"]');
  var left = pictures.length + 2;
  function settled() {
    if (--left === 0) requestAnimationFrame(function () { setTimeout(go, 0); });
  }
  // The first paint itself, as the browser reports it (a frame's callback can come before it).
  var P = window.PerformanceObserver;
  if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf('paint') >= 0) {
    new P(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      settled();
    }).observe({ type: 'paint', buffered: true });
  } else settled();
  pictures.forEach(function (img) {
    if (img.complete) return settled();
    img.addEventListener('load', settled, { once: true });
    img.addEventListener('error', settled, { once: true });
  });
  settled();
})();`;

/** The longest a server-rendered page waits for its pictures before the app starts anyway. */
const START_CAP_MS = 1500;

/** Replaces the entry `<script>` of index.html with the loader (above). */
export function startAfterPaint(): Plugin {
  return rewriteIndexHtml('courtside-start-after-paint', (html, _bundle, fail) => {
    const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;
    const src = entry.exec(html)?.[1];
    if (!src) return fail('no entry script in index.html');
    return html
      .replace(entry, '')
      .replace('</body>', () => `<script data-entry="${src}">${loader(src)}</script>\n  </body>`);
  });
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

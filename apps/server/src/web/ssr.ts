import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  APP_MARKERS,
  RENDERER_PATH,
  SHOP_STATE_ID,
  type PageRenderer,
  type PageRendererModule,
  type RenderedPage,
} from '@courtside/shop/web-page';
import type { FastifyInstance } from 'fastify';
import { jsonForScript } from './link-preview.js';
import { cachePages } from './page-cache.js';

/**
 * The landing pages rendered on the server: the web app's own renderer
 * (apps/web/src/entry-server.tsx, built into apps/web/dist-server/; the contract between the two
 * is @courtside/shop/web-page), reaching this server's API in-process, as an anonymous visitor,
 * through the very routes and permission checks the browser's calls take.
 */
export type { PageRenderer, RenderedPage };

/** What the backend uses of the web app's renderer. */
export interface WebRenderer {
  renderPage: PageRenderer;
  lazyModulesFor: PageRendererModule['lazyModulesFor'];
}

/** The API origin the renderer's SDK is pointed at; its calls never leave the process. */
const IN_PROCESS = 'http://in-process';

/** A fetch answered by `app.inject`: no socket, same routes, same checks. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const sent: Record<string, string> = {};
    request.headers.forEach((value, name) => (sent[name] = value));
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: sent,
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
}

/**
 * Loads the built renderer, or null when there is none (the web app not built for the server,
 * or development, where Vite serves the app): pages are then rendered in the browser only.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  file: string,
): Promise<WebRenderer | null> {
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<PageRendererModule>;
  const { configure, renderPage, lazyModulesFor } = mod;
  if (!configure || !renderPage || !lazyModulesFor) {
    throw new Error('the renderer module lacks configure, renderPage or lazyModulesFor');
  }
  configure({ endpoint: `${IN_PROCESS}/v1`, fetch: injectFetch(app) });
  return { renderPage, lazyModulesFor };
}

/**
 * A renderer that never takes longer than `ms` and never throws: a page it cannot render in
 * time (a slow database, a bug) is the plain shell, which the browser renders itself.
 */
export function guardRenderer(
  render: PageRenderer,
  ms: number,
  onFailure: (err: unknown, url: string) => void,
): PageRenderer {
  return async (url) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        onFailure(new Error(`not rendered within ${ms} ms`), url);
        resolve(null);
      }, ms);
    });
    try {
      return await Promise.race([
        render(url).catch((err: unknown) => {
          onFailure(err, url);
          return null;
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The shell with the rendered page in place of its first-load content (between the app markers,
 * and the markup's indentation around them), and right after the root element the data it was
 * rendered from for the browser's store (JSON, inert: never executed), where the app finds it.
 */
export function withRenderedPage(shell: string, page: RenderedPage): string {
  const start = shell.indexOf(APP_MARKERS.start);
  const end = start < 0 ? -1 : shell.indexOf(APP_MARKERS.end, start);
  if (end < 0) return shell;
  const state = `<script type="application/json" id="${SHOP_STATE_ID}">${jsonForScript(page.state)}</script>`;
  const rest = shell
    .slice(end + APP_MARKERS.end.length)
    .trimStart()
    .replace('</div>', () => `</div>${state}`);
  return shell.slice(0, start).trimEnd() + page.html + rest;
}

/** Past this a visitor is better served by the shell and the browser's own render. */
const RENDER_TIMEOUT_MS = 1500;

/**
 * The landing pages' renderer for the web app built in `webDir` (its server build sits beside
 * it, in dist-server/), guarded, and with its pages kept while `version` (what they are built
 * from) stays put; undefined when there is none or it cannot load.
 */
export async function landingPageRenderer(
  app: FastifyInstance,
  webDir: string,
  version?: () => Promise<number>,
): Promise<WebRenderer | undefined> {
  const file = join(webDir, RENDERER_PATH);
  try {
    const renderer = await loadPageRenderer(app, file);
    if (!renderer) return undefined;
    const guarded = guardRenderer(renderer.renderPage, RENDER_TIMEOUT_MS, (err, url) =>
      app.log.warn({ err, url }, 'page not rendered on the server: the browser renders it'),
    );
    return {
      renderPage: version ? cachePages(guarded, { version }) : guarded,
      lazyModulesFor: renderer.lazyModulesFor,
    };
  } catch (err) {
    app.log.error({ err, file }, 'the page renderer did not load: pages render in the browser');
    return undefined;
  }
}

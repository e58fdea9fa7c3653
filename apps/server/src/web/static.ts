import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../tools/html.js';
import { lazyChunks, pageChunksTag, readManifest } from './manifest.js';
import { withRenderedPage, type PageRenderer } from './ssr.js';

export interface WebAppOptions {
  webDir: string;
  /**
   * Extra tags for the page's <head> on a given path (link previews of D19); null keeps the
   * shell's own defaults.
   */
  headFor?: (path: string) => Promise<string | null>;
  /** The landing pages' server renderer (ssr.ts); without it every page renders in the browser. */
  renderPage?: PageRenderer;
  /**
   * The source modules of the lazy pages a path shows (the renderer's `lazyModulesFor`): their
   * chunks, found in the build's manifest, are preloaded with the page.
   */
  lazyModulesFor?: (pathname: string) => string[];
  /**
   * The label that makes a user the owner (ADMIN_LABEL): named in every page's head, so the web
   * app shows the dashboard to this server's owner whatever label its build was made with.
   */
  adminLabel?: string;
}

/** The page's note of the owner's label, read by the web app (apps/web/src/config/env.ts). */
export const ADMIN_LABEL_META = 'courtside-admin-label';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Courtside</title>
<p style="font:16px system-ui;margin:3rem">The web app is not built yet. Run <code>npm start</code>
(or <code>npm run build</code>) from the repository's root.</p>`;

/** Adds the page's own tags; its <title> and description replace the shell's defaults. */
export function withHead(shell: string, head: string): string {
  let page = shell;
  if (head.includes('<title>')) page = page.replace(/<title>[\s\S]*?<\/title>/, '');
  if (head.includes('name="description"'))
    page = page.replace(/<meta\s+name="description"[\s\S]*?\/?>/, '');
  return page.replace('</head>', () => `${head}\n</head>`);
}

type PageEncoding = 'br' | 'gzip';

/** A rendered page's key among compressed pages: its content (products change, the path not). */
const contentKey = (page: string) => createHash('sha256').update(page).digest('base64');

/** The best encoding of a page the browser accepts (Brotli over gzip), or none. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const accepted = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * Compressed pages, remembered by their head tags (the shell is the same for every path): the page
 * carries the app's styles (about 70 KB raw, 12 KB as Brotli, docs/architecture.md#speed), and a
 * phone on a slow link should not pay for them raw. Bounded, oldest forgotten first.
 */
export class PageCompressor {
  private readonly cache: LRUCache<string, Buffer>;
  constructor(max = 500) {
    this.cache = new LRUCache({ max });
  }

  compress(page: string, key: string, encoding: PageEncoding): Buffer {
    const at = `${encoding}\n${key}`;
    const hit = this.cache.get(at);
    if (hit) return hit;
    const data = Buffer.from(page, 'utf8');
    const out =
      encoding === 'br'
        ? brotliCompressSync(data, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
          })
        : gzipSync(data, { level: 6 });
    this.cache.set(at, out);
    return out;
  }
}

/** The built web app's shell (index.html), or null before `npm run build`. */
export function builtShell(webDir: string): string | null {
  const indexFile = join(webDir, 'index.html');
  return existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
}

/**
 * Serves the built web app: hashed assets cached for a year (Brotli or gzip copies made at build
 * time when the browser accepts them), every other GET that wants a page
 * gets the app's shell (client-side routes), never cached so a deploy shows at once.
 */
export async function registerWebApp(app: FastifyInstance, o: WebAppOptions): Promise<void> {
  const built = builtShell(o.webDir);
  const shell =
    built && o.adminLabel
      ? withHead(built, `<meta name="${ADMIN_LABEL_META}" content="${escapeHtml(o.adminLabel)}" />`)
      : (built ?? NOT_BUILT);
  const chunksFor = lazyChunks(built ? readManifest(o.webDir) : {});
  const preloadsFor = (path: string) => {
    try {
      return pageChunksTag(chunksFor(o.lazyModulesFor?.(path) ?? []));
    } catch {
      return ''; // a path the web app's routes cannot read: nothing to preload
    }
  };
  const compressor = new PageCompressor();

  if (built) {
    await app.register(fastifyStatic, {
      root: o.webDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (apps/web/vite.config.ts, precompress).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        const immutable = path.startsWith(join(o.webDir, 'assets'));
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  const sendShell = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    const head = [o.headFor ? await o.headFor(path) : null, preloadsFor(path)]
      .filter(Boolean)
      .join('\n');
    const rendered = o.renderPage
      ? await o.renderPage(`${req.protocol}://${req.host}${req.url}`)
      : null;
    const withTags = head ? withHead(shell, head) : shell;
    const page = rendered ? withRenderedPage(withTags, rendered) : withTags;
    reply
      .code(rendered?.status ?? 200)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    const encoding = pageEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(page);
    return reply
      .header('Content-Encoding', encoding)
      .send(compressor.compress(page, rendered ? contentKey(page) : head, encoding));
  };

  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !/\.[a-z0-9]{2,5}$/i.test(req.url.split('?')[0] ?? '');
    if (wantsPage) return sendShell(req, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

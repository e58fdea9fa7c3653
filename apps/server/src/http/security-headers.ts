import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  /** The API's own address (PUBLIC_URL): pictures, calls and the realtime socket come from it. */
  publicUrl: URL;
  /** The web app's address (WEB_URL). */
  webUrl: URL;
  /** The built shell (index.html), whose inline scripts the policy names by hash. */
  shell: string | null;
}

/** What the shop never asks a browser for. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The sha256 sources of a page's inline scripts that run (docs/architecture.md#security): data
 * blocks (`application/json`, `application/ld+json`) are never run, so they need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', body = ''] = m;
    if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const origins = (...urls: URL[]) => [...new Set(urls.map((u) => u.origin))];
const socketOrigin = (u: URL) => `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`;

/**
 * The headers helmet would set for `options`, read once. They depend on nothing in a request (the
 * policy names its scripts by hash, never by nonce), so the server sets the same object on every
 * answer instead of letting helmet rebuild its middleware, policy parsing included, per request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  let failed: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (e?: unknown) => {
    failed = e ?? null;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * What a JSON answer or a file of the API needs: a browser that is sent to one renders it as text
 * at most, so the policy allows nothing at all; no sniffing it into a page, no framing, and
 * HSTS over https. The page headers (referrer, permissions, the page's sources) govern documents,
 * and an answer of the API is none: sent on every answer they were a kilobyte and a fifth of a
 * product read's time (README, "Security").
 */
export function apiHeaders(o: Pick<SecurityHeadersOptions, 'publicUrl' | 'webUrl'>) {
  const https = servedOverHttps(o);
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // Pictures and API answers are read by the web app from WEB_URL, which may be another site.
    'Cross-Origin-Resource-Policy': 'cross-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  } as Readonly<Record<string, string>>;
}

/** HSTS and secure sockets only when both the API and the web app are served over https. */
const servedOverHttps = (o: Pick<SecurityHeadersOptions, 'publicUrl' | 'webUrl'>) =>
  o.publicUrl.protocol === 'https:' && o.webUrl.protocol === 'https:';

/** The API's own paths (docs/protocol.md): `/v1` and everything under it. */
export const isApiPath = (url: string) =>
  url.startsWith('/v1') && (url.length === 3 || url[3] === '/' || url[3] === '?');

/**
 * Security headers on every page, file and API answer. Pages get helmet's: a
 * Content-Security-Policy under which the storefront and dashboard run with no inline script but
 * the shell's own (by hash), no framing, no sniffing, a referrer that stays on the site, no
 * powerful features, and HSTS when the shop is served over https. The API's answers get the
 * short set of `apiHeaders`.
 */
export function registerSecurityHeaders(server: FastifyInstance, o: SecurityHeadersOptions): void {
  const api = origins(o.publicUrl);
  const https = servedOverHttps(o);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(o.shell ?? '')],
        // Server-rendered pages carry style attributes (sizes, aspect ratios); scripts never.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...api],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...api, socketOrigin(o.publicUrl)],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // No Cross-Origin-Opener-Policy: with one, Chromium moves each page load to a fresh browsing
    // context group, which costs a phone about 100 ms of main-thread time (Lighthouse mobile TBT
    // on home: 123 ms with it, 20-36 ms without, medians of 5), and the shop opens no popups that
    // need it. Framing is refused by frame-ancestors and X-Frame-Options.
    crossOriginOpenerPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  const forApi = apiHeaders(o);
  server.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiPath(req.url) ? forApi : headers);
    done();
  });
}

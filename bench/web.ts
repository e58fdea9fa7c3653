/**
 * `npm run bench -- web [--runs N] [--no-build] [--url http://...] [--pages home,product]
 * [--builds name=dir,name=dir] [--save DIR]`: Lighthouse (Debian's Chromium, Lighthouse's default
 * mobile settings: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown) on the
 * storefront's home, all shoes, brand, category, product and cart pages of the built server, and
 * on the checkout as a guest reaches it (a pair added to the cart on the product page, not signed
 * in), plus the first-load JavaScript. Prints the median of each figure over the runs (5 unless
 * `--runs`) and whether it meets its target; time to interactive is Lighthouse's `interactive`
 * audit (simulated like the other metrics, weight 0 in the score).
 *
 * `--builds before=/tmp/old/dist,after=apps/web/dist` measures several builds of the web app in
 * one run, alternating them run by run so the machine's load falls on each alike: each is a
 * copy of apps/web/dist with its dist-server/ beside it (`cp -r apps/web/dist apps/web/dist-server
 * /tmp/old/`), served by a server of its own (WEB_DIR) on the current backend build.
 * `--save DIR` keeps each run's Lighthouse JSON report.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startShopServer, type ShopServer } from '../e2e/support/server.js';
import { firstLoadJs } from './_first-load.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Every page's targets; the checkout (rendered in the browser, behind the session lookup) has
 * its own score and no LCP target of the landing pages'.
 */
const TARGETS = {
  performance: 98,
  checkoutPerformance: 95,
  accessibility: 100,
  lcpMs: 1300,
  tbtMs: 100,
  ttiMs: 2000,
  cls: 0.05,
  firstLoadKb: 135,
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function arg(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

interface Figures {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  tti: number;
  cls: number;
}

/** The shop's first `limit` products (id and category), as a visitor may read them. */
export async function listProducts(
  base: string,
  limit: number,
): Promise<{ $id: string; category: string }[]> {
  const res = await fetch(
    `${base}/v1/databases/shop/collections/products/documents?queries[]=${encodeURIComponent(`limit(${limit})`)}`,
    { headers: { 'X-Appwrite-Project': 'courtside' } },
  );
  const body = (await res.json()) as { documents?: { $id: string; category: string }[] };
  return body.documents ?? [];
}

export async function pickPages(base: string): Promise<Record<string, string>> {
  // All shoes and a brand are landing pages too (the home tiles and the menu lead there).
  const pages: Record<string, string> = { home: '/', shop: '/shop', brand: '/brand/nike' };
  try {
    const first = (await listProducts(base, 1))[0];
    pages.category = `/category/${first?.category ?? 'kobe'}`;
    if (first) pages.product = `/product/${first.$id}`;
    else console.log('no products in the shop: the product page is skipped (seed the demo shop)');
  } catch (e) {
    console.log(`could not list products (${(e as Error).message}); category /kobe, no product`);
    pages.category = '/category/kobe';
  }
  return pages;
}

const CART_KEY = 'cart';

/**
 * Puts a pair in the cart of the browser's profile for `base`, as a guest does: on the product
 * page, a tap on Add to cart (the page holds a tap made before the app has loaded, and makes it
 * once it has); returns once the app has kept the line in the browser's storage. Lighthouse
 * clears an origin's caches and service workers before each run, not its local storage, so the
 * line stays for the checkout's runs.
 */
async function seedCart(port: number, base: string, productPath: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    await page.goto(`${base}${productPath}`, { waitUntil: 'load' });
    const held = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
    if (held && held !== '[]') return;
    await page.locator('::-p-aria([name="Add to cart"][role="button"])').click();
    await page.waitForFunction((key) => (localStorage.getItem(key) ?? '[]') !== '[]', {}, CART_KEY);
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

/** The path of the product on `otherBase`'s shop with the title of `path`'s on `base`'s. */
async function sameProduct(base: string, path: string, otherBase: string): Promise<string> {
  const headers = { 'X-Appwrite-Project': 'courtside' };
  const id = path.split('/').pop()!;
  const res = await fetch(`${base}/v1/databases/shop/collections/products/documents/${id}`, {
    headers,
  });
  const { title } = (await res.json()) as { title: string };
  const query = encodeURIComponent(`equal("title", ${JSON.stringify([title])})`);
  const found = await fetch(
    `${otherBase}/v1/databases/shop/collections/products/documents?queries[]=${query}`,
    { headers },
  );
  const body = (await found.json()) as { documents?: { $id: string }[] };
  const other = body.documents?.[0]?.$id;
  if (!other) throw new Error(`no product titled ${title} at ${otherBase}`);
  return `/product/${other}`;
}

interface Build {
  name: string;
  base: string;
  server: ShopServer | null;
  pages: Record<string, string>;
  kb: number;
}

/** `name=dir,name=dir` into each build's name and web directory (apps/web/dist or a copy). */
function parseBuilds(spec: string | undefined): { name: string; dir: string | null }[] {
  if (!spec) return [{ name: '', dir: null }];
  return spec.split(',').map((part) => {
    const [name, dir] = part.split('=');
    if (!name || !dir) throw new Error(`--builds: "${part}" is not name=dir`);
    return { name, dir: resolve(dir) };
  });
}

export default async function main(args: string[]): Promise<void> {
  const runs = Number(arg(args, '--runs') ?? 5);
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });

  const external = arg(args, '--url');
  const specs = parseBuilds(arg(args, '--builds'));
  if (external && specs.length > 1) throw new Error('--url measures one server: no --builds');
  const only = arg(args, '--pages')?.split(',');
  const save = arg(args, '--save');
  if (save) mkdirSync(save, { recursive: true });

  const builds: Build[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (const { name, dir } of specs) {
      const js = firstLoadJs(dir ?? join(ROOT, 'apps/web/dist'));
      const kb = js.gzip / 1024;
      console.log(
        `${name ? `${name}: ` : ''}first-load JS: ${kb.toFixed(1)} KB gzip (${(js.raw / 1024).toFixed(0)} KB raw, ${js.chunks.length} files) target <= ${TARGETS.firstLoadKb} KB ${kb <= TARGETS.firstLoadKb ? 'OK' : 'MISSED'}`,
      );
      const server = external ? null : await startShopServer(dir ? { WEB_DIR: dir } : {});
      const base = external ?? server!.url;
      const landing = await pickPages(base);
      // Each server seeds its own demo shop, ids and order included: every build shows the
      // product the first one shows, found by its title.
      const first = builds[0]?.pages.product ?? builds[0]?.pages.checkoutFrom;
      if (first && landing.product)
        landing.product = await sameProduct(builds[0]!.base, first, base);
      // The landing pages (rendered on the server), the cart (the shell, rendered in the
      // browser) and the checkout a guest reaches with a pair in the cart.
      const all: Record<string, string> = { ...landing, cart: '/cart' };
      if (landing.product) all.checkout = '/checkout';
      const pages = Object.fromEntries(
        Object.entries(all).filter(([page]) => !only || only.includes(page)),
      );
      // Where the checkout's pair is added from, measured or not.
      if (pages.checkout) {
        pages.checkoutFrom = landing.product!;
        await seedCart(chrome.port, base, landing.product!);
      }
      builds.push({ name, base, server, pages, kb });
    }
    const pageNames = [...new Set(builds.flatMap((b) => Object.keys(b.pages)))].filter(
      (page) => page !== 'checkoutFrom',
    );
    console.log(
      `Lighthouse ${runs} run(s) per page, mobile settings, ${builds.length > 1 ? `builds ${builds.map((b) => b.name).join(', ')} alternated, ` : ''}against ${builds.map((b) => b.base).join(', ')}`,
    );
    console.log(
      'page      build      perf  a11y   LCP ms   FCP ms   TBT ms   TTI ms     CLS  targets',
    );
    const audit = (build: Build, page: string, categories: string[]) =>
      lighthouse(`${build.base}${build.pages[page]}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
    for (const page of pageNames) {
      const results = new Map<Build, Figures[]>(builds.map((b) => [b, []]));
      const measured = builds.filter((b) => b.pages[page]);
      // One unmeasured visit first: the server renders each picture's preview once and caches
      // it, as it will have long done for a shop in use; the runs then measure the page, not
      // the first rendering of its pictures competing with the browser for the CPU.
      for (const build of measured) await audit(build, page, ['performance']);
      for (let i = 0; i < runs; i++) {
        for (const build of measured) {
          if (page === 'checkout')
            await seedCart(chrome.port, build.base, build.pages.checkoutFrom!);
          const r = await audit(build, page, ['performance', 'accessibility']);
          const lhr = r!.lhr;
          const label = build.name ? `${page}-${build.name}` : page;
          if (save) writeFileSync(join(save, `${label}-${i + 1}.json`), JSON.stringify(lhr));
          const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
          if (i === 0) {
            const refs = lhr.categories.accessibility?.auditRefs ?? [];
            const failing = refs
              .filter((a) => a.weight > 0 && lhr.audits[a.id]?.score === 0)
              .map((a) => a.id);
            if (failing.length)
              console.log(`  ${label}: accessibility audits failing: ${failing.join(', ')}`);
            const lcpEl = lhr.audits['largest-contentful-paint-element']?.details as
              { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
            const snippet = lcpEl?.items?.[0]?.items?.[0]?.node?.snippet;
            if (snippet) console.log(`  ${label}: LCP element ${snippet.slice(0, 120)}`);
          }
          if (new URL(lhr.finalDisplayedUrl).pathname !== build.pages[page])
            console.log(`  ${label}: run ${i + 1} ended on ${lhr.finalDisplayedUrl}`);
          results.get(build)!.push({
            performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
            lcp: num('largest-contentful-paint'),
            fcp: num('first-contentful-paint'),
            tbt: num('total-blocking-time'),
            tti: num('interactive'),
            cls: num('cumulative-layout-shift'),
          });
        }
      }
      for (const build of measured) {
        const m = (k: keyof Figures) => median(results.get(build)!.map((x) => x[k]));
        const perfTarget = page === 'checkout' ? TARGETS.checkoutPerformance : TARGETS.performance;
        const missed = [
          m('performance') < perfTarget && 'perf',
          m('accessibility') < TARGETS.accessibility && 'a11y',
          page !== 'checkout' && m('lcp') > TARGETS.lcpMs && 'LCP',
          m('tbt') > TARGETS.tbtMs && 'TBT',
          m('tti') > TARGETS.ttiMs && 'TTI',
          m('cls') >= TARGETS.cls && 'CLS',
        ].filter(Boolean);
        console.log(
          `${page.padEnd(9)} ${build.name.padEnd(9)} ${String(m('performance')).padStart(5)}  ${String(m('accessibility')).padStart(4)} ${m('lcp').toFixed(0).padStart(8)} ${m('fcp').toFixed(0).padStart(8)} ${m('tbt').toFixed(0).padStart(8)} ${m('tti').toFixed(0).padStart(8)} ${m('cls').toFixed(3).padStart(7)}  ${missed.length ? `MISSED ${missed.join(', ')}` : 'OK'}`,
        );
      }
    }
    console.log(
      `targets: perf >= ${TARGETS.performance} (checkout >= ${TARGETS.checkoutPerformance}), a11y >= ${TARGETS.accessibility}, LCP <= ${TARGETS.lcpMs} ms (not the checkout), TBT <= ${TARGETS.tbtMs} ms, TTI <= ${TARGETS.ttiMs} ms, CLS < ${TARGETS.cls}`,
    );
  } finally {
    chrome.kill();
    for (const build of builds) await build.server?.stop();
  }
}

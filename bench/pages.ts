/**
 * `npm run bench -- pages [--requests N] [--no-build]`: what rendering the landing pages on the
 * server (docs/architecture.md#speed) costs the backend. Against the built server with the demo
 * shop: the median time to answer home, a category and a product page again (kept from an earlier
 * render until the products change) beside the shell of a page rendered in the browser (/cart),
 * sequentially; the median first render of each product's page (data through the API in-process,
 * then HTML); and how many home pages a second it answers with 8 requests in flight. Prints medians
 * and ratios.
 */
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startShopServer } from '../e2e/support/server.js';
import { listProducts, pickPages } from './web.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function get(url: string): Promise<{ ms: number; rendered: boolean }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - t, rendered: body.includes('id="shop-state"') };
}

export default async function main(args: string[]): Promise<void> {
  const at = args.indexOf('--requests');
  const n = at >= 0 ? Number(args[at + 1]) : 200;
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  const server = await startShopServer();
  try {
    const pages = { ...(await pickPages(server.url)), shell: '/cart' };
    const medians: Record<string, number> = {};
    for (const [name, path] of Object.entries(pages)) {
      const url = `${server.url}${path}`;
      for (let i = 0; i < 20; i++) await get(url); // warm-up
      const times: number[] = [];
      let rendered = false;
      for (let i = 0; i < n; i++) {
        const r = await get(url);
        times.push(r.ms);
        rendered = r.rendered;
      }
      medians[name] = median(times);
      console.log(
        `${name.padEnd(9)} ${path.padEnd(24)} median ${medians[name]!.toFixed(2)} ms over ${n}` +
          ` (${rendered ? 'rendered on the server' : 'shell'})`,
      );
    }
    for (const name of ['home', 'category', 'product']) {
      if (medians[name])
        console.log(`${name} / shell: ${(medians[name]! / medians.shell!).toFixed(2)}x`);
    }
    const ids = (await listProducts(server.url, 100)).map((p) => p.$id);
    const first: number[] = [];
    for (const id of ids) first.push((await get(`${server.url}/product/${id}`)).ms);
    const render = median(first);
    console.log(
      `product pages, first render each: median ${render.toFixed(2)} ms over ${ids.length}` +
        ` (${(render / medians.shell!).toFixed(2)}x the shell, ` +
        `${(render / medians.product!).toFixed(1)}x a kept page)`,
    );
    const until = performance.now() + 5000;
    let done = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < until) {
          await get(`${server.url}/`);
          done++;
        }
      }),
    );
    console.log(`home, 8 in flight for 5 s: ${(done / 5).toFixed(0)} pages/s`);
  } finally {
    await server.stop();
  }
}

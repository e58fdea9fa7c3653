import type { Product } from '@courtside/shop';
import { expect, test as base, type Page, type WebSocket } from '@playwright/test';
import NodeWebSocket from 'ws';
import { PHONE_360 } from '../support/checks.js';
import { startCluster, type Cluster, type ClusterServer } from '../support/cluster.js';
import { newEmail } from '../support/fixtures.js';
import { ownerPage, signUp } from '../support/people.js';
import { newArrivalsPath, PROJECT_HEADERS } from '../support/shop-api.js';

/**
 * Two shop servers as on two machines (each its own DATA_DIR; PostgreSQL, Redis and an S3 bucket
 * shared) behind nginx with the shipped configuration (deploy/nginx/courtside.conf), in Chromium on
 * a 360 px phone: README, "Running more than one server".
 *
 * nginx picks the server of every request (least_conn); the test does not steer it. It reads each
 * server's own request log to know which one answered what, and checks every claim of the kind
 * "done through one, seen on the other" on both servers directly, so it holds whichever server
 * nginx chose: the home page and the SDK's list call on each server, each photo from each server,
 * and a realtime socket opened straight to each server that must get the new order. The server
 * killed is the one that holds the owner's live socket, so that socket must reconnect.
 */
const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const cluster = await startCluster();
      await use(cluster);
      await cluster.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ cluster }, use) => use(cluster.url),
});
test.use({ viewport: PHONE_360 });

const ORDERS_CHANNEL = 'databases.shop.collections.orders.documents';
const NEW_ARRIVALS = 'New arrivals';

/** A valid 8x8 PNG (the server sniffs file types), in one of three colours so the files differ. */
const png = (name: string, colour: 0 | 1 | 2) => {
  const pixels = [
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII=',
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGNQTX6NFTEMLQkADGRcwcht3uAAAAAASUVORK5CYII=',
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGMQiTqBFTEMLQkAG4pNgSZCGX8AAAAASUVORK5CYII=',
  ];
  return { name, mimeType: 'image/png', buffer: Buffer.from(pixels[colour]!, 'base64') };
};

/** Which servers logged `method` on a path matching `path`, one entry per request. */
const servedBy = (servers: ClusterServer[], method: string, path: RegExp) =>
  servers.flatMap((s) =>
    s
      .requests()
      .filter((r) => r.method === method && path.test(r.url.split('?')[0]!))
      .map((r) => ({ server: s, at: r.time })),
  );
const realtimeOn = (servers: ClusterServer[]) => servedBy(servers, 'GET', /^\/v1\/realtime$/);

const listNewest = (base: string) =>
  fetch(`${base}${newArrivalsPath()}`, { headers: PROJECT_HEADERS }).then(
    (r) => r.json() as Promise<{ documents: Product[] }>,
  );

interface Frame {
  type: string;
  data: { user?: { $id: string } | null; events?: string[]; payload?: { $id?: string } };
}

/**
 * Sockets the test opens straight to each server as the owner (their session cookie, the shop's
 * origin), listening to the orders; what each receives is kept.
 */
async function openProbes(owner: Page, servers: ClusterServer[], origin: string) {
  const cookie = (await owner.context().cookies(origin))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  const frames = new Map<string, Frame[]>();
  const sockets = servers.map((s) => {
    const got: Frame[] = [];
    frames.set(s.name, got);
    const url = `${s.url.replace('http', 'ws')}/v1/realtime?project=courtside&channels[]=${ORDERS_CHANNEL}`;
    const ws = new NodeWebSocket(url, { headers: { cookie, origin } });
    ws.on('message', (m: Buffer) => got.push(JSON.parse(m.toString()) as Frame));
    return ws;
  });
  for (const s of servers) {
    // Connected as the owner (an admin reads every order).
    await expect
      .poll(() => frames.get(s.name)!.find((f) => f.type === 'connected')?.data.user?.$id)
      .toBeTruthy();
  }
  return {
    /** The servers whose socket received the creation of `orderId`. */
    sawCreated: (orderId: string) =>
      servers
        .filter((s) =>
          frames
            .get(s.name)!
            .some(
              (f) =>
                f.type === 'event' &&
                f.data.payload?.$id === orderId &&
                f.data.events?.some((e) => e.endsWith(`.${orderId}.create`)),
            ),
        )
        .map((s) => s.name),
    close: () => sockets.forEach((ws) => ws.terminate()),
  };
}

/** From the product page to the order's confirmation: cart, checkout, cash on delivery. */
async function checkout(page: Page, pair: Product, beforePlacing?: () => Promise<void>) {
  const { title } = pair;
  await page.getByRole('list', { name: NEW_ARRIVALS }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Its main photo, from whichever server nginx asks.
  const photo = page.getByRole('img', { name: `${title}, picture 1 of 3` });
  await expect(photo).toHaveAttribute('src', new RegExp(`/files/${pair.image}/preview`));
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await page.goto('/checkout');
  await page.getByLabel('Address *').fill('22 Abdullah Haroon Road');
  await page.getByLabel('City').fill('Karachi');
  await page.getByLabel('Mobile number *').fill('0312 3456789');
  await beforePlacing?.();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thanks-for-shopping\?order=[0-9a-f]{6}$/);
  return new URL(page.url()).searchParams.get('order')!;
}

test('two servers behind nginx: a product through one shows on both, orders arrive live, limits are shared, a server dies and the journey goes on', async ({
  browser,
  page: customer,
  cluster,
}) => {
  const { servers } = cluster;
  const title = `Cluster Kobe ${Date.now().toString(36)}`;
  const homeOn = (s: ClusterServer) => fetch(`${s.url}/`).then((r) => r.text());

  await test.step('each server renders its home page, and keeps it', async () => {
    for (const s of servers) expect(await homeOn(s)).not.toContain(title);
  });

  // The owner on a phone of their own; the customer on the project's phone (`page`).
  const owner = await ownerPage(browser, cluster.url);
  // The owner's realtime sockets, and which of them the server has welcomed (`connected`).
  const ownerSockets: WebSocket[] = [];
  const welcomed = new Set<WebSocket>();
  owner.on('websocket', (ws) => {
    ownerSockets.push(ws);
    ws.on('framereceived', (f) => {
      if (String(f.payload).includes('"connected"')) welcomed.add(ws);
    });
  });
  const customerSockets: WebSocket[] = [];
  customer.on('websocket', (ws) => customerSockets.push(ws));

  await test.step('the owner adds a pair with three photos, through nginx', async () => {
    await owner.goto('/dashboard/addproducts');
    await owner.getByLabel('Title', { exact: true }).fill(title);
    await owner.getByLabel('Description').fill('Worn twice, box included');
    await owner.getByLabel('Category').selectOption('kobe');
    await owner.getByLabel('Shoe size (EUR)').fill('44.5');
    await owner.getByLabel('Condition (out of 10)').fill('9');
    await owner.getByLabel('Price (Rs.)', { exact: true }).fill('32000');
    await owner.getByLabel('Pairs in stock').fill('3');
    await owner
      .getByLabel('Add photos')
      .setInputFiles([png('main.png', 0), png('side.png', 1), png('top.png', 2)]);
    await expect(owner.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(3);
    await owner.getByRole('button', { name: 'Add Product' }).click();
    await expect(owner).toHaveURL(/\/dashboard\/products$/);
    await expect(owner.getByRole('listitem').first()).toContainText(title);
  });
  const wrote = servedBy(
    servers,
    'POST',
    /^\/v1\/databases\/shop\/collections\/products\/documents$/,
  );
  expect(wrote).toHaveLength(1);
  const uploads = servedBy(servers, 'POST', /^\/v1\/storage\/buckets\/images\/files$/);
  expect(uploads).toHaveLength(3);
  test.info().annotations.push({
    type: 'routing',
    description: `product written through ${wrote[0]!.server.name}; photos through ${uploads.map((u) => u.server.name).join(', ')}`,
  });

  let product: Product;
  await test.step('every server shows it at once: its home page, the list call, each photo', async () => {
    for (const s of servers) {
      expect(await homeOn(s), `home page of ${s.name}`).toContain(title);
      const [newest] = (await listNewest(s.url)).documents;
      expect(newest?.title, `list call on ${s.name}`).toBe(title);
      product = newest!;
    }
    const photos = [product.image, ...(JSON.parse(product.images) as string[])];
    expect(photos).toHaveLength(3);
    // Each photo went to one server: both serve it, from the shared bucket.
    for (const s of servers) {
      for (const id of photos) {
        const res = await fetch(
          `${s.url}/v1/storage/buckets/images/files/${id}/preview?width=8&output=webp`,
          { headers: PROJECT_HEADERS },
        );
        expect(res.status, `photo ${id} from ${s.name}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
      }
    }
  });

  let holder: ClusterServer;
  let probes: Awaited<ReturnType<typeof openProbes>>;
  await test.step('the owner keeps the orders open: one live socket, through nginx', async () => {
    // The dashboard pages before had sockets of their own, gone with them.
    const before = ownerSockets.length;
    await owner.goto('/dashboard/orders');
    await expect(owner.getByRole('heading', { name: 'All Orders' })).toBeVisible();
    await expect.poll(() => ownerSockets.length).toBe(before + 1);
    await expect.poll(() => welcomed.has(ownerSockets.at(-1)!)).toBe(true);
    expect(realtimeOn(servers)).toHaveLength(ownerSockets.length);
    holder = realtimeOn(servers)
      .sort((x, y) => x.at - y.at)
      .at(-1)!.server;
    probes = await openProbes(owner, servers, cluster.url);
  });

  // Anything the customer might see go wrong: a failed request, or an error from a server.
  const problems: string[] = [];
  customer.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  customer.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    if (!why.includes('ERR_ABORTED')) problems.push(`${why} ${r.method()} ${r.url()}`);
  });
  const errorToasts = customer.locator('.Toastify__toast--error');
  const name = 'Ayesha Khan';

  await test.step('a customer sees it on the home page and orders it; the owner sees it live', async () => {
    await signUp(customer, name, newEmail('ayesha'));
    await expect(
      customer.getByRole('list', { name: NEW_ARRIVALS }).getByRole('listitem').first(),
    ).toContainText(title);
    const order = await checkout(customer, product);
    await expect(owner.getByText(`New order from ${name}`)).toBeVisible();
    await expect(owner.locator('tbody tr', { hasText: `#${order}` })).toBeVisible();
    // The socket on the server that did not take the order got it too, through Redis.
    await expect.poll(() => probes.sawCreated(order)).toEqual(['A', 'B']);
    probes.close();
    const placed = servedBy(servers, 'POST', /\/collections\/orders\/documents$/);
    test.info().annotations.push({
      type: 'routing',
      description: `order placed through ${placed.map((p) => p.server.name).join(', ')}; the owner's socket on ${holder.name}`,
    });
  });

  await test.step('rate limits are shared: 10 wrong passwords over both servers hold the 11th', async () => {
    const email = newEmail('guess');
    const attempt = (base: string, n: number) =>
      fetch(`${base}/v1/account/sessions/email`, {
        method: 'POST',
        headers: { ...PROJECT_HEADERS, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: `not-the-password-${n}` }),
      });
    for (let n = 0; n < 10; n++) {
      expect((await attempt(servers[n % 2]!.url, n)).status).toBe(401);
    }
    for (const base of [cluster.url, ...servers.map((s) => s.url)]) {
      const held = await attempt(base, 10);
      expect(held.status, base).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  const survivor = servers.find((s) => s !== holder)!;
  await test.step(`the server with the owner's socket dies while the customer is at checkout; the journey goes on`, async () => {
    await customer.goto('/');
    const order = await checkout(customer, product, async () => {
      const live = ownerSockets.at(-1)!;
      const onSurvivor = realtimeOn([survivor]).length;
      await holder.kill();
      await expect.poll(() => live.isClosed()).toBe(true);
      // The SDK opens a new socket, which nginx sends to the server still up.
      await expect.poll(() => ownerSockets.length).toBeGreaterThan(ownerSockets.indexOf(live) + 1);
      await expect.poll(() => welcomed.has(ownerSockets.at(-1)!)).toBe(true);
      expect(realtimeOn([survivor]).length).toBe(onSurvivor + 1);
    });
    await expect(owner.locator('tbody tr', { hasText: `#${order}` })).toBeVisible();
    await customer.goto('/account/my-orders');
    await expect(customer.getByText(`#${order}`).first()).toBeVisible();
    await expect(errorToasts).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  await test.step("nginx's log: no error answered to anyone, the dead server's requests sent on", async () => {
    // Closing the pages ends their sockets, which nginx logs once they end.
    await owner.context().close();
    await customer.close();
    const dead = new URL(holder.url).host;
    const lines = () => cluster.nginx.accessLog().trim().split('\n');
    await expect
      .poll(() => lines().filter((l) => l.includes('/v1/realtime')).length)
      .toBe(ownerSockets.length + customerSockets.length);
    expect(lines().filter((l) => /^5\d\d /.test(l))).toEqual([]);
    const retried = lines().filter((l) => l.includes(`${dead}, `));
    test.info().annotations.push({
      type: 'failover',
      description: `${holder.name} killed; ${retried.length} request(s) tried on it, then answered by ${survivor.name}: ${retried.join(' | ')}`,
    });
  });
});

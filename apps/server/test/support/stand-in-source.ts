import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/app.js';

/**
 * A stand-in for the old project `npm run import` reads: a node:http server that speaks the
 * endpoints the importer calls, with a schema copied from the shop it imports into (so the
 * schema check passes) and the users, documents and files a test gives it. A test changes
 * `data`, or answers a route itself (`routes`) to misbehave.
 */
export interface StandInData {
  users: unknown[];
  /** By collection id. */
  documents: Record<string, unknown[]>;
  files: unknown[];
  bytes: Record<string, Buffer>;
}

export type Route = 'users' | 'documents' | 'files' | 'download';
export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export interface StandIn {
  /** Its address, as --from takes it. */
  url: string;
  data: StandInData;
  routes: Partial<Record<Route, Handler>>;
  /** Every request: its path and whether it carried the key. */
  seen: { path: string; key: string | undefined }[];
  close(): Promise<void>;
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A user as 1.4's users API answers it. */
export const oldUser = (id: string, over: Record<string, unknown> = {}) => ({
  $id: id,
  $createdAt: '2023-05-01T10:00:00.000+00:00',
  $updatedAt: '2023-05-01T10:00:00.000+00:00',
  name: `User ${id}`,
  password: '',
  hash: 'argon2',
  hashOptions: {},
  registration: '2023-05-01T10:00:00.000+00:00',
  status: true,
  labels: [],
  passwordUpdate: '',
  email: `${id}@example.pk`,
  phone: '',
  emailVerification: false,
  phoneVerification: false,
  prefs: {},
  accessedAt: '',
  ...over,
});

/** A picture as 1.4's storage lists it. */
export const oldFile = (id: string, over: Record<string, unknown> = {}) => ({
  $id: id,
  bucketId: 'images',
  $createdAt: '2023-05-01T10:00:00.000+00:00',
  $updatedAt: '2023-05-01T10:00:00.000+00:00',
  $permissions: [],
  name: `${id}.png`,
  signature: '',
  mimeType: 'image/png',
  sizeOriginal: PNG.length,
  chunksTotal: 1,
  chunksUploaded: 1,
  ...over,
});

/** 1.4's list paging: `limit(n)` and `cursorAfter("id")` of `queries[]`. */
function pageOf(items: unknown[], url: URL): unknown[] {
  let limit = 25;
  let after: string | null = null;
  for (const q of url.searchParams.getAll('queries[]')) {
    const l = /^limit\((\d+)\)$/.exec(q);
    if (l) limit = Number(l[1]);
    const c = /^cursorAfter\("(.*)"\)$/.exec(q);
    if (c) after = c[1]!;
  }
  const ids = items.map((i) => (i as { $id?: unknown }).$id);
  const start = after === null ? 0 : ids.indexOf(after) + 1;
  return items.slice(start, start + limit);
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The schema of the shop `target` imports into, as 1.4 would list it. */
function schemaOf(target: App) {
  const { ids } = target.config;
  const collections = target.schema.collections
    .filter((c) => c.databaseId === ids.database)
    .map((c) => ({
      $id: c.$id,
      name: c.name,
      attributes: c.attributes.map((a) => ({
        key: a.key,
        type: a.type,
        status: 'available',
        required: a.required,
        array: a.array,
      })),
    }));
  return {
    databases: [{ $id: ids.database, name: 'Shop' }],
    collections,
    buckets: [{ $id: ids.bucket, name: 'Images' }],
  };
}

export async function standInSource(target: App): Promise<StandIn> {
  const schema = schemaOf(target);
  const data: StandInData = { users: [], documents: {}, files: [], bytes: {} };
  const routes: StandIn['routes'] = {};
  const seen: StandIn['seen'] = [];
  const list = (res: ServerResponse, url: URL, field: string, items: unknown[]) =>
    json(res, 200, { total: items.length, [field]: pageOf(items, url) });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const key = req.headers['x-appwrite-key'];
    seen.push({ path: url.pathname, key: typeof key === 'string' ? key : undefined });
    const p = url.pathname.replace(/^\/v1/, '');
    let m: RegExpExecArray | null;
    if (p === '/databases') return list(res, url, 'databases', schema.databases);
    if (/^\/databases\/[^/]+\/collections$/.test(p)) {
      return list(res, url, 'collections', schema.collections);
    }
    if ((m = /^\/databases\/[^/]+\/collections\/([^/]+)\/documents$/.exec(p))) {
      if (routes.documents) return routes.documents(req, res, url);
      return list(res, url, 'documents', data.documents[m[1]!] ?? []);
    }
    if (p === '/storage/buckets') return list(res, url, 'buckets', schema.buckets);
    if (/^\/storage\/buckets\/[^/]+\/files$/.test(p)) {
      if (routes.files) return routes.files(req, res, url);
      return list(res, url, 'files', data.files);
    }
    if ((m = /^\/storage\/buckets\/[^/]+\/files\/([^/]+)\/download$/.exec(p))) {
      if (routes.download) return routes.download(req, res, url);
      const bytes = data.bytes[decodeURIComponent(m[1]!)] ?? PNG;
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(bytes);
    }
    if (p === '/users') {
      if (routes.users) return routes.users(req, res, url);
      return list(res, url, 'users', data.users);
    }
    json(res, 404, { message: 'Route not found', code: 404, type: 'general_route_not_found' });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    data,
    routes,
    seen,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

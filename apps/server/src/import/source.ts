import { AppwriteException, Client, Databases, Query, Storage, Users } from 'node-appwrite';
import type { UserModelIn } from '../modules/account/index.js';

/**
 * The old shop, as `npm run import` reads it: an Appwrite 1.4 project (or another Courtside)
 * reached with node-appwrite 11.1 and a key holding the read scopes. Lists come page by page in
 * insertion order (cursorAfter), so a shop of any size is read in steps of PAGE.
 */
export const PAGE = 100;

/** The scopes the old project's key needs, as 1.4 names them. */
export const SOURCE_SCOPES = [
  'users.read',
  'databases.read',
  'collections.read',
  'attributes.read',
  'indexes.read',
  'documents.read',
  'buckets.read',
  'files.read',
] as const;

/** An attribute as 1.4's Attribute* models have it. */
export interface SourceAttribute {
  key: string;
  type: string;
  status?: string;
  required: boolean;
  array?: boolean;
  size?: number;
  format?: string;
  elements?: string[];
}

export interface SourceCollection {
  $id: string;
  name: string;
  attributes: SourceAttribute[];
}

export interface SourceDocument {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  [attribute: string]: unknown;
}

export interface SourceFile {
  $id: string;
  name: string;
  mimeType: string;
  sizeOriginal: number;
  $permissions: string[];
}

export interface Named {
  $id: string;
  name: string;
}

export interface Source {
  /** Where it is, for messages. */
  readonly endpoint: string;
  databases(): Promise<Named[]>;
  collections(databaseId: string): Promise<SourceCollection[]>;
  buckets(): Promise<Named[]>;
  users(): AsyncIterable<UserModelIn[]>;
  documents(databaseId: string, collectionId: string): AsyncIterable<SourceDocument[]>;
  files(bucketId: string): AsyncIterable<SourceFile[]>;
  download(bucketId: string, fileId: string): Promise<Buffer>;
}

type Page<T> = (queries: string[]) => Promise<T[]>;

/** Every item of a list, page by page, each page after the last item of the one before. */
async function* paged<T extends { $id?: string; key?: string }>(page: Page<T>) {
  let after: string | null = null;
  for (;;) {
    const queries = [Query.limit(PAGE)];
    if (after) queries.push(Query.cursorAfter(after));
    const items = await page(queries);
    if (items.length > 0) yield items;
    if (items.length < PAGE) return;
    const last = items[items.length - 1]!;
    after = last.$id ?? last.key ?? null;
  }
}

async function all<T extends { $id?: string; key?: string }>(page: Page<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const items of paged(page)) out.push(...items);
  return out;
}

/** The API's base URL: the project's endpoint, `/v1` added when the address stops before it. */
export function endpointOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`--from must be an http or https address, not ${url}`);
  }
  const path = parsed.pathname.replace(/\/+$/, '');
  parsed.pathname = path.endsWith('/v1') ? path : `${path}/v1`;
  return parsed.href.replace(/\/$/, '');
}

/** A failure of the old project's API, said in a way that tells the owner what to do. */
export function sourceProblem(e: unknown, endpoint: string): string | null {
  if (!(e instanceof AppwriteException)) return null;
  // The class carries the error's type too; its declarations leave it out.
  const { type } = e as AppwriteException & { type?: string };
  if (!e.code) return `Could not reach ${endpoint}: ${e.message}`;
  if (type === 'general_unauthorized_scope') {
    return `The old project refused the key: ${e.message}. Give the key these scopes: ${SOURCE_SCOPES.join(', ')}.`;
  }
  if (e.code === 401) return `The old project refused the key (${type}): ${e.message}`;
  if (type === 'project_not_found') return `${endpoint} has no project with that id (--project).`;
  return `The old project answered ${e.code} ${type}: ${e.message}`;
}

export function appwriteSource(url: string, project: string, key: string): Source {
  const endpoint = endpointOf(url);
  const client = new Client().setEndpoint(endpoint).setProject(project).setKey(key);
  const users = new Users(client);
  const databases = new Databases(client);
  const storage = new Storage(client);
  return {
    endpoint,
    databases: () => all((q) => databases.list(q).then((r) => r.databases)),
    async collections(databaseId) {
      const list = await all((q) =>
        databases.listCollections(databaseId, q).then((r) => r.collections),
      );
      return list.map((c) => ({
        $id: c.$id,
        name: c.name,
        attributes: c.attributes as unknown as SourceAttribute[],
      }));
    },
    buckets: () => all((q) => storage.listBuckets(q).then((r) => r.buckets)),
    users: () => paged((q) => users.list(q).then((r) => r.users as unknown as UserModelIn[])),
    documents: (databaseId, collectionId) =>
      paged((q) =>
        databases
          .listDocuments(databaseId, collectionId, q)
          .then((r) => r.documents as unknown as SourceDocument[]),
      ),
    files: (bucketId) => paged((q) => storage.listFiles(bucketId, q).then((r) => r.files)),
    async download(bucketId, fileId) {
      const bytes: unknown = await storage.getFileDownload(bucketId, fileId);
      return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes as ArrayBuffer);
    },
  };
}

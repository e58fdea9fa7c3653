import { Query } from 'node-appwrite';
import { listOf, recordName, shapeProblem, type Shape } from './shapes.js';
import { SourceError, sourceClient, type SourceClient } from './source-client.js';

/**
 * The old shop, as `npm run import` reads it: an Appwrite 1.4 project (or another Courtside)
 * reached over its HTTP API (source-client.ts) with a key holding the read scopes. Lists come page
 * by page in insertion order (cursorAfter), so a shop of any size is read in steps of PAGE. The
 * schema's records are checked here; users, documents and files come as the source sent them,
 * for check.ts to check each one (shapes.ts) and name those that do not fit.
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
  /** Unchecked: check.ts holds each one to shapes.ts. */
  users(): AsyncIterable<unknown[]>;
  documents(databaseId: string, collectionId: string): AsyncIterable<unknown[]>;
  files(bucketId: string): AsyncIterable<unknown[]>;
  /** The file's bytes, never more than it declared (sizeOriginal). */
  download(bucketId: string, file: SourceFile): Promise<Buffer>;
}

type Page = (queries: string[]) => Promise<unknown[]>;

/** An item's `$id`, when it is a string. */
function idOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const { $id } = item as { $id?: unknown };
  return typeof $id === 'string' ? $id : null;
}

/**
 * Every item of a list, page by page, each page after the last item of the one before. A page
 * that repeats an item already read (the source ignores the cursor, or serves the same page
 * again) stops the import: read on, it would never end.
 */
async function* paged(what: string, page: Page): AsyncGenerator<unknown[]> {
  const seen = new Set<string>();
  let after: string | null = null;
  for (;;) {
    const queries = [Query.limit(PAGE)];
    if (after) queries.push(Query.cursorAfter(after));
    const items = await page(queries);
    let last: string | null = null;
    for (const [i, item] of items.entries()) {
      last = idOf(item);
      if (last === null) {
        const name = recordName(what, item, seen.size + i);
        throw new SourceError(`${name} has no id: its list cannot be read on`, 0, 'shape');
      }
      if (seen.has(last)) {
        throw new SourceError(
          `its list of ${what} gives ${last} again (on the page after ${after ?? 'the first'}): it does not move on, so the import stops`,
          0,
          'paging',
        );
      }
      seen.add(last);
    }
    if (items.length > 0) yield items;
    if (items.length < PAGE || last === null) return;
    after = last;
  }
}

async function all(what: string, page: Page): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const items of paged(what, page)) out.push(...items);
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
  if (!(e instanceof SourceError)) return null;
  const { type } = e;
  if (!e.code) return `${endpoint}: ${e.message}`;
  if (type === 'general_unauthorized_scope') {
    return `The old project refused the key: ${e.message}. Give the key these scopes: ${SOURCE_SCOPES.join(', ')}.`;
  }
  if (e.code === 401) return `The old project refused the key (${type}): ${e.message}`;
  if (type === 'project_not_found') return `${endpoint} has no project with that id (--project).`;
  return `The old project answered ${e.code} ${type}: ${e.message}`;
}

/** The records of a list, each of the shape (else the import stops, naming the first that is not). */
function checked<T>(what: string, shape: Shape, items: unknown[]): T[] {
  for (const [i, item] of items.entries()) {
    const problem = shapeProblem(shape, item);
    if (problem) throw new SourceError(`${recordName(what, item, i)} ${problem}`, 0, 'shape');
  }
  return items as T[];
}

function collectionOf(item: unknown, i: number): SourceCollection {
  const name = recordName('collection', item, i);
  const problem = shapeProblem('named', item);
  if (problem) throw new SourceError(`${name} ${problem}`, 0, 'shape');
  const c = item as SourceCollection;
  const attributes = listOf(c, 'attributes');
  if (typeof attributes === 'string') throw new SourceError(`${name}: ${attributes}`, 0, 'shape');
  const list = checked<SourceAttribute>(`attribute of ${name}`, 'attribute', attributes);
  return { $id: c.$id, name: c.name, attributes: list };
}

export function appwriteSource(
  url: string,
  project: string,
  key: string,
  client: SourceClient = sourceClient({ endpoint: endpointOf(url), project, key }),
): Source {
  const endpoint = endpointOf(url);
  const e = encodeURIComponent;
  /** One page of the list at `path`, its items under `field`. */
  const page =
    (path: string, field: string) =>
    async (queries: string[]): Promise<unknown[]> => {
      const items = listOf(await client.get(path, queries), field);
      if (typeof items === 'string') throw new SourceError(`${path}: ${items}`, 0, 'shape');
      return items;
    };
  return {
    endpoint,
    databases: async () =>
      checked<Named>('database', 'named', await all('databases', page('/databases', 'databases'))),
    async collections(databaseId) {
      const list = await all(
        'collections',
        page(`/databases/${e(databaseId)}/collections`, 'collections'),
      );
      return list.map(collectionOf);
    },
    buckets: async () =>
      checked<Named>('bucket', 'named', await all('buckets', page('/storage/buckets', 'buckets'))),
    users: () => paged('users', page('/users', 'users')),
    documents: (databaseId, collectionId) =>
      paged(
        `documents of ${collectionId}`,
        page(`/databases/${e(databaseId)}/collections/${e(collectionId)}/documents`, 'documents'),
      ),
    files: (bucketId) => paged('files', page(`/storage/buckets/${e(bucketId)}/files`, 'files')),
    download: (bucketId, file) =>
      client.download(
        `/storage/buckets/${e(bucketId)}/files/${e(file.$id)}/download`,
        file.sizeOriginal,
        `file ${file.$id}`,
      ),
  };
}

import type { Models } from 'appwrite';
import { keyedSdk, type ServerSdk } from '../../support/server-sdk.js';
import { sdkUser, uniqueEmail, type SdkUser } from '../../support/sdk.js';
import type { TestServer } from '../../support/server.js';
import { ME } from './schema.js';
import type { Kept } from './table.js';

/** What the rows of a table share: the server, its users (by the ids Appwrite's tests use). */
export interface Context extends Kept {
  server: TestServer;
  /** The suite's signed-in user (Appwrite's `getUser()`), id ME. */
  me: SdkUser;
  /** A second signed-in user; Appwrite's tests call theirs `other` and `user2`. */
  other: SdkUser;
  /** DatabasesPermissionsMemberTest's `user1`. */
  user1: SdkUser;
  /** No session. */
  guest: SdkUser;
  /** node-appwrite with an API key, where Appwrite's tests set data up with theirs. */
  key: ServerSdk;
}

export const PASSWORD = 'conformance-password';

/** Signs a user up with this id and signs them in. */
export async function signUp(server: TestServer, id: string): Promise<SdkUser> {
  const user = sdkUser(server);
  const email = uniqueEmail(id);
  await user.account.create(id, email, PASSWORD, id);
  await user.account.createEmailSession(email, PASSWORD);
  return user;
}

export async function makeContext(server: TestServer): Promise<Context> {
  const [me, other, user1] = await Promise.all(
    [ME, 'other', 'user1'].map((id) => signUp(server, id)),
  );
  const key = await keyedSdk(server, [
    'documents.read',
    'documents.write',
    'files.read',
    'files.write',
  ]);
  return { server, me: me!, other: other!, user1: user1!, guest: sdkUser(server), key, kept: {} };
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
  json: Record<string, unknown> | null;
}

function jsonOf(body: Buffer): Record<string, unknown> | null {
  try {
    return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A request the SDK cannot make (a header it never sends, a broken path), as `user`. */
export async function raw(
  c: Pick<Context, 'server'>,
  user: SdkUser | null,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> {
  const headers = new Headers({ 'X-Appwrite-Project': 'courtside', ...init.headers });
  const fallback = user?.client.jar.get('cookieFallback');
  if (fallback) headers.set('X-Fallback-Cookies', fallback);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(`${c.server.endpoint}${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: jsonOf(body) };
}

/** Pickers shared by the tables. */
export type DocList = Models.DocumentList<Models.Document>;
export const idsOf = (l: DocList) => l.documents.map((d) => d.$id);
export const field =
  (key: string) =>
  (l: DocList): unknown[] =>
    l.documents.map((d) => d[key]);
/** An answer a row kept (a Document unless said otherwise). */
export const kept = <T = Models.Document>(c: Kept, name: string) => c.kept[name] as T;

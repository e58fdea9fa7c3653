/**
 * Scopes of docs/protocol.md §1.11, named as Appwrite 1.4 names them. Every route declares one;
 * a caller holds the scopes of its role: guests and users those of the client API, an API key
 * `health.read` (1.4's `applications` role) plus the scopes it was made with.
 */
export const KEY_SCOPES = {
  'users.read': 'list and read users, their preferences and sessions (password hashes included)',
  'users.write':
    "create, update and delete users and end their sessions (answers carry the user's fields only with users.read)",
  'users.admin':
    "give or take the admin label, and change or delete the shop's admins (with users.write)",
  'documents.read': 'list and read every document, whatever its permissions',
  'documents.write':
    "create, update and delete documents (the shop's rules still apply; answers carry the document's fields only with documents.read)",
  'files.read': 'list, read and download every file, whatever its permissions',
  'files.write': 'upload, update and delete files',
  'databases.read': 'list and read the databases of the schema',
  'collections.read': 'list and read collections, with their attributes and indexes',
  'attributes.read': "1.4's name, accepted: attributes are read with collections.read, as in 1.4",
  'indexes.read': "1.4's name, accepted: indexes are read with collections.read, as in 1.4",
  'buckets.read': 'list and read the storage buckets',
  'health.read': 'read the health endpoints (every key has it)',
} as const;

export type KeyScope = keyof typeof KEY_SCOPES;
export type Scope = 'public' | 'account' | KeyScope;

export const isKeyScope = (name: string): name is KeyScope => Object.hasOwn(KEY_SCOPES, name);

const GUEST_SCOPES: readonly Scope[] = [
  'public',
  'documents.read',
  'documents.write',
  'files.read',
  'files.write',
];
const USER_SCOPES: readonly Scope[] = [...GUEST_SCOPES, 'account'];
/** What the scope checks read of a caller (protocol/caller.ts's Caller). */
interface ScopeHolder {
  readonly key?: { readonly scopes: readonly string[] } | null;
  readonly user?: { readonly email: string } | null;
}

/** What 1.4's `applications` role holds before the key's own scopes. */
const APP_SCOPES: readonly Scope[] = ['health.read'];

export const scopesOf = (caller: ScopeHolder): readonly string[] =>
  caller.key ? [...APP_SCOPES, ...caller.key.scopes] : caller.user ? USER_SCOPES : GUEST_SCOPES;

/** Whether the caller holds the scope: a key's answers carry only what its read scopes allow. */
export const holdsScope = (caller: ScopeHolder, scope: Scope): boolean =>
  scopesOf(caller).includes(scope);

/**
 * The refusal's message as 1.4 words it, `<who> (role: <role>) missing scope (<scope>)`, or null
 * when the caller holds the scope. A key is `app.<project>@service.<host>`, as 1.4 names it.
 */
export function missingScope(
  caller: ScopeHolder,
  scope: Scope,
  where: { projectId: string; hostname: string },
): string | null {
  if (holdsScope(caller, scope)) return null;
  const [who, role] = caller.key
    ? [`app.${where.projectId}@service.${where.hostname}`, 'applications']
    : caller.user
      ? [caller.user.email || 'User', 'users']
      : ['User', 'guests'];
  return `${who} (role: ${role}) missing scope (${scope})`;
}

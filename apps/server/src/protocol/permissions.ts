import { AppError } from './errors.js';
import { Invalid } from './params.js';
import { isKey } from '../tools/ids.js';

/**
 * Permission strings and roles of docs/protocol.md §6.1, shared by documents and files: the string
 * shape, role validation and the `permissions` param's entries (`write` expanded to update+delete,
 * `create` refused, duplicates dropped in first-seen order). Problems throw Invalid, which
 * readParams (or the caller) turns into ``Invalid `permissions` param: ...``.
 */
export type Action = 'read' | 'create' | 'update' | 'delete';

/**
 * The role of a caller acting as the server (an API key; 1.4's `applications`): it holds every
 * permission and may grant any role. No permission string can name it (ROLE_NAMES), and no user
 * ever holds it.
 */
export const APPS_ROLE = 'applications';

const PERMISSION = /^(read|create|update|delete|write)\("([^"]*)"\)$/;
const ROLE_NAMES = ['any', 'guests', 'users', 'user', 'team', 'member', 'label'];
export const MAX_PERMISSIONS = 100;

function checkRole(role: string): void {
  const [head = '', dimension] = role.split('/', 2);
  const colon = head.indexOf(':');
  const name = colon < 0 ? head : head.slice(0, colon);
  const id = colon < 0 ? null : head.slice(colon + 1);
  if (!ROLE_NAMES.includes(name)) {
    throw new Invalid(`Role "${name}" is not allowed. Must be one of: ${ROLE_NAMES.join(', ')}.`);
  }
  const noId = name === 'any' || name === 'guests' || name === 'users';
  if (noId && id !== null) throw new Invalid(`Role "${name}" can not have an ID value.`);
  if (!noId && (id === null || id === '')) {
    throw new Invalid(`Role "${name}" must have an ID value.`);
  }
  if (id !== null && name === 'label' && !/^[A-Za-z0-9]{1,36}$/.test(id)) {
    throw new Invalid(
      `Role "label" identifier value is invalid: Value must be a valid string between 1 and 36 chars containing only alphanumeric chars`,
    );
  }
  if (id !== null && name !== 'label' && !isKey(id)) {
    throw new Invalid(
      `Role "${name}" identifier value is invalid: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char`,
    );
  }
  if (dimension !== undefined) {
    if (name === 'users' || name === 'user') {
      if (dimension !== 'verified' && dimension !== 'unverified') {
        throw new Invalid(
          `Role "${name}" dimension value is invalid. Must be one of: verified, unverified.`,
        );
      }
    } else if (name !== 'team') {
      throw new Invalid(`Role "${name}" can not have a dimension value.`);
    } else if (!isKey(dimension)) {
      throw new Invalid(`Role "team" dimension value is invalid.`);
    }
  }
}

/** Validates the entries of a `permissions` list (already known to be an array). */
export function parsePermissionEntries(list: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const entry of list) {
    if (typeof entry !== 'string') throw new Invalid('Permissions must be strings.');
    if (entry === '*')
      throw new Invalid('Wildcard permission "*" has been replaced. Use "any" instead.');
    if (entry.includes('role:')) {
      throw new Invalid(
        'Permissions using the "role:" prefix have been replaced. Use "users", "guests", or "any" instead.',
      );
    }
    const m = PERMISSION.exec(entry);
    if (!m) throw new Invalid(`Invalid permission string format: "${entry}".`);
    const [, type, role] = m as unknown as [string, string, string];
    if (type === 'create') {
      throw new Invalid(
        `Permission "${entry}" is not allowed. Must be one of: read, update, delete, write.`,
      );
    }
    checkRole(role);
    const types = type === 'write' ? ['update', 'delete'] : [type];
    for (const t of types) {
      const p = `${t}("${role}")`;
      if (!out.includes(p)) out.push(p);
    }
  }
  return out;
}

export function splitPermission(p: string): { action: string; role: string } | null {
  const m = PERMISSION.exec(p);
  return m ? { action: m[1]!, role: m[2]! } : null;
}

/** Roles per action of a permission list; `write` counts for create, update and delete. */
export function rolesByAction(permissions: readonly string[]): Record<Action, string[]> {
  const out: Record<Action, string[]> = { read: [], create: [], update: [], delete: [] };
  for (const p of permissions) {
    const parsed = splitPermission(p);
    if (!parsed) continue;
    const actions: Action[] =
      parsed.action === 'write' ? ['create', 'update', 'delete'] : [parsed.action as Action];
    for (const a of actions) if (!out[a].includes(parsed.role)) out[a].push(parsed.role);
  }
  return out;
}

/** The roles a permission list grants for one action. */
export const rolesFor = (permissions: readonly string[], action: Action): string[] =>
  rolesByAction(permissions)[action];

export const holdsAny = (held: readonly string[], granted: readonly string[]) =>
  held.includes(APPS_ROLE) || granted.some((r) => held.includes(r));

/**
 * Permissions when the client sends none (docs/protocol.md §6.4): the creator owns it; guests get
 * none.
 */
export function ownerPermissions(userId: string | null | undefined): string[] {
  return userId ? ['read', 'update', 'delete'].map((t) => `${t}("user:${userId}")`) : [];
}

/** Reference 6.3: a client may only grant roles it holds. */
export function assertGrantable(permissions: readonly string[], held: readonly string[]): void {
  if (held.includes(APPS_ROLE)) return;
  for (const p of permissions) {
    const parsed = splitPermission(p);
    if (parsed && !held.includes(parsed.role)) {
      throw new AppError('user_unauthorized', `Permissions must be one of: (${held.join(', ')})`);
    }
  }
}

import type { Caller } from '../../http/caller.js';
import { AppError } from '../../http/errors.js';
import { Invalid } from '../../http/params.js';
import { isKey } from '../../tools/ids.js';

/**
 * Permission strings and roles of reference 6: parsing the `permissions` param, the creator's
 * defaults, the "grant only roles you hold" rule and the collection/document checks.
 */
export type Action = 'read' | 'create' | 'update' | 'delete';

const PERMISSION = /^(read|create|update|delete|write)\("([^"]*)"\)$/;
const ROLE_NAMES = ['any', 'guests', 'users', 'user', 'team', 'member', 'label'];
const MAX_PERMISSIONS = 100;

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

/**
 * The documents' `permissions` param: only read/update/delete/write, `write` expanded to
 * update+delete, duplicates dropped in first-seen order. Throws Invalid (a 400 via readParams).
 */
export function parseDocumentPermissions(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > MAX_PERMISSIONS) {
    throw new Invalid(`Value must a valid array no longer than ${MAX_PERMISSIONS} items`);
  }
  const out: string[] = [];
  for (const entry of value) {
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

export const holdsAny = (caller: Caller, roles: readonly string[]) =>
  roles.some((r) => caller.roles.includes(r));

/** Permissions when the client sends none (reference 6.4). */
export function defaultPermissions(caller: Caller): string[] {
  const id = caller.user?.$id;
  return id ? [`read("user:${id}")`, `update("user:${id}")`, `delete("user:${id}")`] : [];
}

/** Reference 6.3: a client may only grant roles it holds. */
export function assertGrantable(caller: Caller, permissions: readonly string[]): void {
  for (const p of permissions) {
    const parsed = splitPermission(p);
    if (parsed && !caller.roles.includes(parsed.role)) {
      throw new AppError(
        'user_unauthorized',
        `Permissions must be one of: (${caller.roles.join(', ')})`,
      );
    }
  }
}

import { AppError, invalidArgument } from '../../http/errors.js';
import { isKey } from '../../tools/ids.js';

/**
 * Permission strings of reference 6.1 as files use them: `read`, `update`, `delete` and the
 * alias `write` (update + delete); `create` is refused. Duplicates drop, first order kept.
 */
export type FileAction = 'read' | 'update' | 'delete';
export type BucketAction = FileAction | 'create';

const PERMISSION = /^(\w+)\("([^"]*)"\)$/;
const ROLE_NAMES = ['any', 'guests', 'users', 'user', 'team', 'member', 'label'];
const bad = (detail: string) => invalidArgument(`Invalid \`permissions\` param: ${detail}`);

function checkRole(role: string): void {
  const [head = '', dimension] = role.split('/', 2);
  const [name = '', id] = head.split(':', 2);
  if (!ROLE_NAMES.includes(name)) {
    throw bad(`Role "${name}" is not allowed. Must be one of: ${ROLE_NAMES.join(', ')}.`);
  }
  const needsId = ['user', 'team', 'member', 'label'].includes(name);
  if (!needsId && id !== undefined) throw bad(`Role "${name}" can not have an ID value.`);
  if (needsId && !id) throw bad(`Role "${name}" must have an ID value.`);
  const idOk = name === 'label' ? /^[A-Za-z0-9]{1,36}$/.test(id ?? '') : isKey(id ?? '');
  if (id !== undefined && !idOk) throw bad(`Role "${name}" identifier value is invalid: ${id}`);
  if (dimension !== undefined) {
    if (name === 'users' || name === 'user') {
      if (!['verified', 'unverified'].includes(dimension)) {
        throw bad(
          `Role "${name}" dimension value is invalid. Must be one of: verified, unverified.`,
        );
      }
    } else if (name !== 'team') {
      throw bad(`Role "${name}" can not have a dimension value.`);
    }
  }
}

/** Validates and expands a client's permission list for a file. */
export function parseFilePermissions(value: unknown): string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length > 100 || list.some((p) => typeof p !== 'string')) {
    throw bad('Value must a valid array no longer than 100 items and Permission strings');
  }
  const out: string[] = [];
  for (const p of list as string[]) {
    if (p === '*') throw bad('Wildcard permission "*" has been replaced. Use "any" instead.');
    if (p.includes('role:')) {
      throw bad(
        'Permissions using the "role:" prefix have been replaced. Use "users", "guests", or "any" instead.',
      );
    }
    const m = PERMISSION.exec(p);
    if (!m) throw bad(`Invalid permission string format: "${p}".`);
    const [, type = '', role = ''] = m;
    if (!['read', 'update', 'delete', 'write'].includes(type)) {
      throw bad(`Permission "${p}" is not allowed. Must be one of: read, update, delete, write.`);
    }
    checkRole(role);
    const types = type === 'write' ? ['update', 'delete'] : [type];
    for (const t of types) {
      const expanded = `${t}("${role}")`;
      if (!out.includes(expanded)) out.push(expanded);
    }
  }
  return out;
}

/** Reference 6.3: a caller may only hand out roles it holds. */
export function assertGrantable(permissions: string[], roles: readonly string[]): void {
  for (const p of permissions) {
    const role = PERMISSION.exec(p)?.[2] ?? '';
    if (!roles.includes(role)) {
      throw new AppError('user_unauthorized', `Permissions must be one of: (${roles.join(', ')})`);
    }
  }
}

/** Reference 6.4: a signed-in caller owns what it creates; a guest gets nothing. */
export function defaultFilePermissions(userId: string | null): string[] {
  if (!userId) return [];
  return ['read', 'update', 'delete'].map((t) => `${t}("user:${userId}")`);
}

/** The roles a permission list grants for one action. */
export function rolesFor(permissions: readonly string[], action: BucketAction): string[] {
  const roles: string[] = [];
  for (const p of permissions) {
    const m = PERMISSION.exec(p);
    if (!m) continue;
    const type = m[1];
    const grants = type === action || (type === 'write' && action !== 'read');
    if (grants && !roles.includes(m[2]!)) roles.push(m[2]!);
  }
  return roles;
}

export const holdsAny = (roles: readonly string[], granted: readonly string[]) =>
  granted.some((r) => roles.includes(r));

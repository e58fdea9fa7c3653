import { invalidArgument } from '../../../protocol/errors.js';
import { Invalid } from '../../../protocol/params.js';
import {
  MAX_PERMISSIONS,
  parsePermissionEntries,
  type Action,
} from '../../../protocol/permissions.js';

/** Files' side of the shared permission strings (protocol/permissions.ts). */
export {
  assertGrantable,
  holdsAny,
  ownerPermissions as defaultFilePermissions,
  rolesFor,
} from '../../../protocol/permissions.js';
export type BucketAction = Action;

/** Validates and expands a client's permission list for a file (a lone string is a list of one). */
export function parseFilePermissions(value: unknown): string[] {
  const list = typeof value === 'string' ? [value] : value;
  try {
    if (
      !Array.isArray(list) ||
      list.length > MAX_PERMISSIONS ||
      list.some((p) => typeof p !== 'string')
    ) {
      throw new Invalid('Value must a valid array no longer than 100 items and Permission strings');
    }
    return parsePermissionEntries(list);
  } catch (e) {
    if (e instanceof Invalid) throw invalidArgument(`Invalid \`permissions\` param: ${e.message}`);
    throw e;
  }
}

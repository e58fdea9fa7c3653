import type { Caller } from '../../../protocol/caller.js';
import { Invalid } from '../../../protocol/params.js';
import * as shared from '../../../protocol/permissions.js';

/** Documents' side of the shared permission strings (protocol/permissions.ts). */
export { rolesByAction, splitPermission, type Action } from '../../../protocol/permissions.js';

/** The documents' `permissions` param: an array of at most 100 permission strings. */
export function parseDocumentPermissions(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > shared.MAX_PERMISSIONS) {
    throw new Invalid(`Value must a valid array no longer than ${shared.MAX_PERMISSIONS} items`);
  }
  return shared.parsePermissionEntries(value);
}

export const holdsAny = (caller: Caller, roles: readonly string[]) =>
  shared.holdsAny(caller.roles, roles);

/** Permissions when the client sends none (docs/protocol.md §6.4). */
export const defaultPermissions = (caller: Caller) => shared.ownerPermissions(caller.user?.$id);

/** Reference 6.3: a client may only grant roles it holds. */
export const assertGrantable = (caller: Caller, permissions: readonly string[]) =>
  shared.assertGrantable(permissions, caller.roles);

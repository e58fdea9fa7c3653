import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../protocol/errors.js';
import { holdsScope, missingScope } from '../../../protocol/scopes.js';
import type { AccountDeps } from '../context.js';

/** What every users.write answer carries: the user's id and times. */
const SYSTEM = ['$id', '$createdAt', '$updatedAt'];

/**
 * A users.write answer as the key's read scopes allow (docs/limits.md, "API keys and the
 * import"): the whole User model with `users.read`; without it, the id, times and the fields
 * this very write set, so that a no-op write reads no hash, e-mail, phone or preferences.
 */
export function userAnswer<T extends { $id: string }>(
  req: FastifyRequest,
  model: T,
  written: readonly (keyof T & string)[],
): Partial<T> & { $id: string } {
  if (holdsScope(req.caller, 'users.read')) return model;
  const keep = new Set<string>([...SYSTEM, ...written]);
  const kept = Object.entries(model).filter(([k]) => keep.has(k));
  return Object.fromEntries(kept) as Partial<T> & { $id: string };
}

/**
 * Refuses, as a missing scope, a write that gives or takes the admin label or touches an admin
 * (`labels` before and after the write) when the key lacks `users.admin`: with users.write alone
 * a key could make its own account an admin, or take over one.
 */
export function requireAdminScope(
  deps: AccountDeps,
  req: FastifyRequest,
  ...labelSets: readonly (readonly string[])[]
): void {
  const admin = deps.settings.adminLabel;
  if (!labelSets.some((labels) => labels.includes(admin))) return;
  const missing = missingScope(req.caller, 'users.admin', {
    projectId: deps.settings.projectId,
    hostname: req.hostname,
  });
  if (missing) throw new AppError('general_unauthorized_scope', missing);
}

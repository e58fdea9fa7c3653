import { AppError } from '../protocol/errors.js';
import type { DocumentHooks } from '../modules/databases/contract.js';

const refuse = () => {
  throw new AppError(
    'user_unauthorized',
    'The statistics are kept by the shop and cannot be changed',
  );
};

/** The stats collection is written only by the shop's own counters (system access, no hooks). */
export function statsHooks(): DocumentHooks {
  return { beforeCreate: refuse, beforeUpdate: refuse, beforeDelete: refuse };
}

import type { MessagePort } from 'node:worker_threads';
import { hash } from '@node-rs/argon2';
import { SHOP_ARGON2, verifyHash, type StoredHash } from './password-hashes.js';

/**
 * What runs on the password threads (password-pool.ts): every check of a stored hash and every
 * new hash, away from the event loop. Each task first says on `started` that it has begun, so
 * that its time bound counts from there and not from its wait in the queue.
 */
export interface PasswordTask {
  password: string;
  /** The hash to check the password against; none: make the shop's own hash of it. */
  stored?: StoredHash;
  started: MessagePort;
}

/** Whether the password is the one the stored hash was made from. */
export async function check(task: PasswordTask): Promise<boolean> {
  task.started.postMessage(true);
  return task.stored ? verifyHash(task.stored, task.password) : false;
}

/** The shop's argon2id hash of the password. */
export async function make(task: PasswordTask): Promise<string> {
  task.started.postMessage(true);
  return hash(task.password, SHOP_ARGON2);
}

/** Nothing: run only to have the pool start a thread for the tasks waiting (password-pool.ts). */
export function nothing(): void {}

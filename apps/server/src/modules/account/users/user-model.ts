import { toAccountModel } from '../models.js';
import { SHOP_HASH_OPTIONS, storedHashOf } from '../passwords/passwords.js';
import type { UsersTable } from '../tables.js';

/**
 * 1.4's `hashOptions` for a stored hash: argon2's parameters read from the hash itself, the type
 * alone for bcrypt, md5 and phpass, and what scrypt, scrypt-modified and SHA were made with. 1.4
 * left scrypt's salt and SHA's version out of its models, which made such users impossible to
 * copy; Courtside includes them.
 */
function hashOptionsOf(user: UsersTable): Record<string, unknown> {
  const stored = storedHashOf(user);
  if (!stored) return SHOP_HASH_OPTIONS;
  if (stored.algorithm === 'argon2') {
    const m = /^\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored.hash);
    if (!m) return { type: 'argon2' };
    return {
      type: 'argon2',
      memoryCost: Number(m[1]),
      timeCost: Number(m[2]),
      threads: Number(m[3]),
    };
  }
  return { type: stored.algorithm, ...stored.options };
}

/**
 * The User model of the users API (what a key with `users.read` sees): the Account model plus
 * the hash, its algorithm and options, in 1.4's order. `password` is '' for an account without
 * one, whose hash would be the shop's argon2id.
 */
export function toUserModel(user: UsersTable) {
  const { $id, $createdAt, $updatedAt, name, ...rest } = toAccountModel(user);
  return {
    $id,
    $createdAt,
    $updatedAt,
    name,
    password: user.password_hash ?? '',
    hash: storedHashOf(user)?.algorithm ?? 'argon2',
    hashOptions: hashOptionsOf(user),
    ...rest,
  };
}

export type UserModel = ReturnType<typeof toUserModel>;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidArgument } from '../../../protocol/errors.js';
import {
  customId,
  email,
  integer,
  oneOf,
  optional,
  readParams,
  text,
  type Validator,
} from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import type { AccountDeps } from '../context.js';
import { hashProblem } from '../passwords/hash-bounds.js';
import { SHA_VERSIONS, type StoredHash } from '../passwords/password-hashes.js';
import { importedPassword } from '../passwords/passwords.js';
import { requestContext } from '../route-helpers.js';
import { usersWrite } from './routes-users.js';
import { userAnswer } from './user-answer.js';
import { toUserModel } from './user-model.js';
import { insertUser, requireUser } from './users.js';

/** Every import takes these; `password` is the hash, as the other system made it. */
const common = {
  userId: customId(),
  email: email(),
  password: text(1024),
  name: optional(text(128, 0), ''),
};

type Options<S extends Record<string, Validator<unknown>>> = ReturnType<typeof readParams<S>>;

/**
 * Users whose passwords come as another system's hashes (docs/protocol.md §3.3), as 1.4's
 * `POST /users/<kind>` takes them: kept as they are, checked as they are at sign-in, and
 * replaced by the shop's argon2id at the first sign-in that proves the password.
 */
export function registerUserImportRoutes(api: FastifyInstance, deps: AccountDeps): void {
  const route = <S extends Record<string, Validator<unknown>>>(
    path: string,
    extra: S,
    stored: (p: Options<typeof common> & Options<S>) => StoredHash,
  ) =>
    api.post(path, { config: usersWrite }, async (req: FastifyRequest, reply) => {
      const p = readParams(input(req), { ...common, ...extra }) as Options<typeof common> &
        Options<S>;
      const hash = stored(p);
      const problem = hashProblem(hash, deps.passwords.bounds);
      if (problem) throw invalidArgument(`Invalid \`${problem.param}\` param: ${problem.message}`);
      const created = await insertUser(
        deps,
        { id: p.userId, email: p.email, name: p.name, password: importedPassword(hash) },
        requestContext(req),
      );
      const model = toUserModel(await requireUser(deps, created.$id));
      return reply.code(201).send(userAnswer(req, model, ['name', 'email']));
    });

  for (const algorithm of ['argon2', 'bcrypt', 'md5', 'phpass'] as const) {
    route(`/users/${algorithm}`, {}, (p) => ({ algorithm, hash: p.password, options: {} }));
  }

  route('/users/sha', { passwordVersion: optional(oneOf(SHA_VERSIONS)) }, (p) => ({
    algorithm: 'sha',
    hash: p.password,
    options: p.passwordVersion ? { version: p.passwordVersion } : {},
  }));

  route(
    '/users/scrypt',
    {
      passwordSalt: text(128, 0),
      passwordCpu: integer(0, 2 ** 30),
      passwordMemory: integer(0, 2 ** 30),
      passwordParallel: integer(0, 2 ** 30),
      passwordLength: integer(0, 2 ** 30),
    },
    (p) => ({
      algorithm: 'scrypt',
      hash: p.password,
      options: {
        salt: p.passwordSalt,
        costCpu: p.passwordCpu,
        costMemory: p.passwordMemory,
        costParallel: p.passwordParallel,
        length: p.passwordLength,
      },
    }),
  );

  route(
    '/users/scrypt-modified',
    {
      passwordSalt: text(128),
      passwordSaltSeparator: text(128),
      passwordSignerKey: text(128),
    },
    (p) => ({
      algorithm: 'scryptMod',
      hash: p.password,
      options: {
        salt: p.passwordSalt,
        saltSeparator: p.passwordSaltSeparator,
        signerKey: p.passwordSignerKey,
      },
    }),
  );
}

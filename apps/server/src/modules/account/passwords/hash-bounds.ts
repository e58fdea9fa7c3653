import { DEFAULT_HASH_BOUNDS, type HashBounds } from '../../../config-passwords.js';
import { ITOA64, type ShaVersion, type StoredHash } from './password-hashes.js';

/**
 * Whether a stored hash may be kept and checked: each kind must have its own shape, and the
 * costs it asks of every sign-in must stay within the operator's bounds (PASSWORD_*), the
 * highest real projects use. A hash above them would let one wrong password hold a thread for
 * seconds (a 22-round phpass hash took 12 s), so it is refused when imported and never checked.
 */
export type HashProblem = { param: string; message: string };

const SHA_HEX_LENGTH: Record<ShaVersion, number> = {
  sha1: 40,
  sha224: 56,
  sha256: 64,
  sha384: 96,
  'sha512/224': 56,
  'sha512/256': 64,
  sha512: 128,
  'sha3-224': 56,
  'sha3-256': 64,
  'sha3-384': 96,
  'sha3-512': 128,
};

const BCRYPT = /^\$2[abxy]?\$(\d\d)\$[./A-Za-z0-9]{53}$/;
const PHPASS = /^\$[PH]\$[./0-9A-Za-z]{31}$/;
const ARGON2 =
  /^\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const hex = (length: number) => new RegExp(`^[0-9a-fA-F]{${length}}$`);
const MiB = 1024 * 1024;

const bad = (message: string, param = 'password'): HashProblem => ({ param, message });
const tooMuch = (what: string, param = 'password') =>
  bad(`The hash asks too much of every sign-in: ${what}`, param);

/** What is wrong with the hash's shape, naming the parameter at fault, or null. */
function shapeProblem(stored: StoredHash): HashProblem | null {
  const h = stored.hash;
  switch (stored.algorithm) {
    case 'argon2':
      return ARGON2.test(h)
        ? null
        : bad(
            'Value must be an Argon2 hash in the PHC format ($argon2id$v=19$m=...,t=...,p=...$salt$hash)',
          );
    case 'bcrypt':
      return BCRYPT.test(h)
        ? null
        : bad('Value must be a bcrypt hash ($2a$, $2b$ or $2y$, 60 characters)');
    case 'md5':
      return hex(32).test(h) ? null : bad('Value must be an MD5 hash: 32 hexadecimal characters');
    case 'sha': {
      const version = stored.options.version ?? 'sha3-512';
      const length = SHA_HEX_LENGTH[version];
      return hex(length).test(h)
        ? null
        : bad(`Value must be a ${version} hash: ${length} hexadecimal characters`);
    }
    case 'phpass':
      return PHPASS.test(h) || BCRYPT.test(h)
        ? null
        : bad('Value must be a phpass hash ($P$ or $H$, 34 characters) or a bcrypt one');
    case 'scrypt': {
      const { costCpu: N, costMemory: r, costParallel: p, length } = stored.options;
      if (!Number.isInteger(N) || N < 2 || (N & (N - 1)) !== 0)
        return bad('Value must be a power of 2, at least 2', 'passwordCpu');
      if (!Number.isInteger(r) || r < 1) return bad('Value must be at least 1', 'passwordMemory');
      if (!Number.isInteger(p) || p < 1 || p > 16)
        return bad('Value must be between 1 and 16', 'passwordParallel');
      if (!Number.isInteger(length) || length < 1 || length > 256)
        return bad('Value must be between 1 and 256', 'passwordLength');
      return hex(length * 2).test(h)
        ? null
        : bad(`Value must be the scrypt hash in hexadecimal: ${length * 2} characters`);
    }
    case 'scryptMod': {
      const o = stored.options;
      if (!BASE64.test(o.salt)) return bad('Value must be base64', 'passwordSalt');
      if (!BASE64.test(o.saltSeparator))
        return bad('Value must be base64', 'passwordSaltSeparator');
      if (!BASE64.test(o.signerKey) || !o.signerKey)
        return bad('Value must be base64', 'passwordSignerKey');
      return h && BASE64.test(h) ? null : bad('Value must be the hash in base64');
    }
  }
}

/** Memory a memory-hard check takes and passes over, in bytes, against the bounds. */
function memoryProblem(
  memory: number,
  work: number,
  b: HashBounds,
  params: { memory: string; work: string },
): HashProblem | null {
  if (memory > b.memoryMiB * MiB) {
    return tooMuch(
      `${Math.ceil(memory / MiB)} MiB of memory, above this shop's limit of ${b.memoryMiB} MiB`,
      params.memory,
    );
  }
  if (work > b.workMiB * MiB) {
    return tooMuch(
      `${Math.ceil(work / MiB)} MiB of memory passed over, above this shop's limit of ${b.workMiB} MiB`,
      params.work,
    );
  }
  return null;
}

const bcryptProblem = (hash: string, b: HashBounds) => {
  const cost = Number(BCRYPT.exec(hash)?.[1]);
  return cost > b.bcryptCost
    ? tooMuch(`bcrypt cost ${cost} is above this shop's limit of ${b.bcryptCost}`)
    : null;
};

/** What is wrong with the costs of a hash of the right shape, or null. */
function costProblem(stored: StoredHash, b: HashBounds): HashProblem | null {
  const h = stored.hash;
  switch (stored.algorithm) {
    case 'bcrypt':
      return bcryptProblem(h, b);
    case 'phpass': {
      if (BCRYPT.test(h)) return bcryptProblem(h, b);
      const log2 = ITOA64.indexOf(h[3] ?? '');
      return log2 > b.phpassLog2
        ? tooMuch(`phpass 2^${log2} iterations are above this shop's limit of 2^${b.phpassLog2}`)
        : null;
    }
    case 'argon2': {
      const [, m, t, p] = ARGON2.exec(h)!.map(Number) as [number, number, number, number];
      if (p > 64) return tooMuch(`${p} lanes, above the limit of 64`);
      const param = { memory: 'password', work: 'password' };
      return memoryProblem(m * 1024, m * 1024 * t, b, param);
    }
    case 'scrypt': {
      const { costCpu: N, costMemory: r, costParallel: p } = stored.options;
      // Each lane fills 128 x N x r bytes, then reads them back.
      const lane = 128 * N * r;
      return memoryProblem(lane, 2 * lane * p, b, {
        memory: 'passwordMemory',
        work: 'passwordParallel',
      });
    }
    case 'scryptMod': {
      const lane = 128 * 16384 * 8;
      return memoryProblem(lane, 2 * lane, b, { memory: 'password', work: 'password' });
    }
    default:
      return null;
  }
}

/**
 * What is wrong with a hash about to be stored or checked, naming the parameter at fault, or
 * null when it may be kept.
 */
export function hashProblem(
  stored: StoredHash,
  bounds: HashBounds = DEFAULT_HASH_BOUNDS,
): HashProblem | null {
  return shapeProblem(stored) ?? costProblem(stored, bounds);
}

import { createCipheriv, createHash, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verify as verifyArgon2 } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/**
 * Password hashes brought from elsewhere, as Appwrite 1.4's users API takes them
 * (docs/protocol.md §3.3): verified as they are until the first sign-in replaces them with the
 * shop's own argon2id. Pure functions: no database, no clock.
 */
export type HashAlgorithm = 'argon2' | 'bcrypt' | 'md5' | 'sha' | 'phpass' | 'scrypt' | 'scryptMod';

export interface ScryptOptions {
  salt: string;
  costCpu: number;
  costMemory: number;
  costParallel: number;
  length: number;
}

export interface ScryptModifiedOptions {
  salt: string;
  saltSeparator: string;
  signerKey: string;
}

/** SHA versions 1.4 accepts, as it names them. */
export const SHA_VERSIONS = [
  'sha1',
  'sha224',
  'sha256',
  'sha384',
  'sha512/224',
  'sha512/256',
  'sha512',
  'sha3-224',
  'sha3-256',
  'sha3-384',
  'sha3-512',
] as const;
export type ShaVersion = (typeof SHA_VERSIONS)[number];

/** A stored hash and what it takes to check a password against it. */
export type StoredHash =
  | { algorithm: 'argon2' | 'bcrypt' | 'md5' | 'phpass'; hash: string; options: object }
  | { algorithm: 'sha'; hash: string; options: { version?: ShaVersion } }
  | { algorithm: 'scrypt'; hash: string; options: ScryptOptions }
  | { algorithm: 'scryptMod'; hash: string; options: ScryptModifiedOptions };

const scrypt = promisify(scryptCb) as (
  password: string | Buffer,
  salt: string | Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** Equal strings, in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const hexDigest = (algorithm: string, password: string) =>
  createHash(algorithm).update(password, 'utf8').digest('hex');

/** The scrypt memory a set of parameters needs, with room to spare (node's own rule). */
const scryptMemory = (N: number, r: number, p: number) => 128 * N * r * (p + 2) + 1024 * 1024;

/** scrypt as 1.4 runs it: N = costCpu, r = costMemory, p = costParallel; the hash in hex. */
async function scryptHex(password: string, o: ScryptOptions): Promise<string> {
  const { costCpu: N, costMemory: r, costParallel: p } = o;
  const key = await scrypt(password, o.salt, o.length, { N, r, p, maxmem: scryptMemory(N, r, p) });
  return key.toString('hex');
}

/**
 * Firebase's modified scrypt (1.4's `scryptMod`), per Firebase's published algorithm: the key is
 * scrypt(password, salt + separator, N = 2^14, r = 8, p = 1), its first 32 bytes encrypt the
 * project's signer key with AES-256-CTR and a zero IV; the hash is that, in base64. Salt,
 * separator and signer key are base64.
 */
export async function firebaseScrypt(password: string, o: ScryptModifiedOptions) {
  const salt = Buffer.concat([
    Buffer.from(o.salt, 'base64'),
    Buffer.from(o.saltSeparator, 'base64'),
  ]);
  const N = 16384;
  const key = await scrypt(Buffer.from(password, 'utf8'), salt, 32, {
    N,
    r: 8,
    p: 1,
    maxmem: scryptMemory(N, 8, 1),
  });
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
  const signer = Buffer.from(o.signerKey, 'base64');
  return Buffer.concat([cipher.update(signer), cipher.final()]).toString('base64');
}

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** phpass's own base64 of its 16-byte digest. */
function phpassEncode(input: Buffer): string {
  let out = '';
  let i = 0;
  while (i < input.length) {
    let value = input[i++]!;
    out += ITOA64[value & 0x3f];
    if (i < input.length) value |= input[i]! << 8;
    out += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= input.length) break;
    if (i < input.length) value |= input[i]! << 16;
    out += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= input.length) break;
    out += ITOA64[(value >> 18) & 0x3f];
  }
  return out;
}

/**
 * phpass's portable hashes (`$P$`, phpBB's `$H$`): 2^n rounds of MD5 over salt and password.
 * Its other kind is plain bcrypt. (1.4's own check accepted any password for phpass users;
 * this one does not.)
 */
async function verifyPhpass(password: string, hash: string): Promise<boolean> {
  if (hash.startsWith('$2')) return bcrypt.compare(password, hash);
  const id = hash.slice(0, 3);
  const rounds = ITOA64.indexOf(hash[3] ?? '');
  const salt = hash.slice(4, 12);
  if ((id !== '$P$' && id !== '$H$') || rounds < 7 || rounds > 30 || salt.length !== 8) {
    return false;
  }
  const secret = Buffer.from(password, 'utf8');
  let digest = createHash('md5').update(salt).update(secret).digest();
  for (let n = 1 << rounds; n > 0; n--) {
    digest = createHash('md5').update(digest).update(secret).digest();
  }
  return sameText(hash.slice(0, 12) + phpassEncode(digest), hash);
}

/** Node's name for a SHA version as 1.4 names it. */
const shaAlgorithm = (version: ShaVersion) => version.replace('/', '-');

/** Whether `password` is the one the stored hash was made from. Never throws on a bad hash. */
export async function verifyHash(stored: StoredHash, password: string): Promise<boolean> {
  try {
    switch (stored.algorithm) {
      case 'argon2':
        return await verifyArgon2(stored.hash, password);
      case 'bcrypt':
        return await bcrypt.compare(password, stored.hash);
      case 'md5':
        return sameText(hexDigest('md5', password), stored.hash.toLowerCase());
      case 'sha':
        return sameText(
          hexDigest(shaAlgorithm(stored.options.version ?? 'sha3-512'), password),
          stored.hash.toLowerCase(),
        );
      case 'phpass':
        return await verifyPhpass(password, stored.hash);
      case 'scrypt':
        return sameText(await scryptHex(password, stored.options), stored.hash.toLowerCase());
      case 'scryptMod':
        return sameText(await firebaseScrypt(password, stored.options), stored.hash);
    }
  } catch {
    return false;
  }
}

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

const BCRYPT = /^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const hex = (length: number) => new RegExp(`^[0-9a-fA-F]{${length}}$`);

/** Memory one check may take: a hash asking for more would let one sign-in take the server. */
export const MAX_HASH_MEMORY = 256 * 1024 * 1024;

/**
 * What is wrong with a hash about to be imported, naming the parameter at fault, or null. Each
 * kind must have its own shape, and the costs it asks of every sign-in must stay within reason.
 */
export function hashProblem(stored: StoredHash): { param: string; message: string } | null {
  const bad = (message: string, param = 'password') => ({ param, message });
  const h = stored.hash;
  switch (stored.algorithm) {
    case 'argon2': {
      const m =
        /^\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(
          h,
        );
      if (!m)
        return bad(
          'Value must be an Argon2 hash in the PHC format ($argon2id$v=19$m=...,t=...,p=...$salt$hash)',
        );
      if (Number(m[1]) * 1024 > MAX_HASH_MEMORY || Number(m[2]) > 64 || Number(m[3]) > 64) {
        return bad(
          'The hash asks too much of every sign-in (at most 256 MiB, 64 passes, 64 lanes)',
        );
      }
      return null;
    }
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
      return /^\$[PH]\$[./0-9A-Za-z]{31}$/.test(h) || BCRYPT.test(h)
        ? null
        : bad('Value must be a phpass hash ($P$ or $H$, 34 characters) or a bcrypt one');
    case 'scrypt': {
      const { costCpu: N, costMemory: r, costParallel: p, length } = stored.options;
      if (N < 2 || (N & (N - 1)) !== 0)
        return bad('Value must be a power of 2, at least 2', 'passwordCpu');
      if (r < 1 || 128 * N * r > MAX_HASH_MEMORY) {
        return bad(
          'Value must be at least 1, with 128 x passwordCpu x passwordMemory at most 256 MiB',
          'passwordMemory',
        );
      }
      if (p < 1 || p > 16) return bad('Value must be between 1 and 16', 'passwordParallel');
      if (length < 1 || length > 256)
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

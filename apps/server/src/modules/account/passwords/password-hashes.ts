import { createCipheriv, createHash, scrypt as scryptCb } from 'node:crypto';
import { promisify } from 'node:util';
import { verify as verifyArgon2, type Algorithm } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { safeEqual } from '../../../tools/crypto.js';

/**
 * Password hashes brought from elsewhere, as Appwrite 1.4's users API takes them
 * (docs/protocol.md §3.3): verified as they are until the first sign-in replaces them with the
 * shop's own argon2id. Pure functions: no database, no clock.
 */
/** The shop's own argon2id, at the OWASP floor: 19 MiB, 2 passes, 1 lane (docs/protocol.md, addition 4). */
export const SHOP_ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

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

export const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

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
  return safeEqual(hash.slice(0, 12) + phpassEncode(digest), hash);
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
        return safeEqual(hexDigest('md5', password), stored.hash.toLowerCase());
      case 'sha':
        return safeEqual(
          hexDigest(shaAlgorithm(stored.options.version ?? 'sha3-512'), password),
          stored.hash.toLowerCase(),
        );
      case 'phpass':
        return await verifyPhpass(password, stored.hash);
      case 'scrypt':
        return safeEqual(await scryptHex(password, stored.options), stored.hash.toLowerCase());
      case 'scryptMod':
        return safeEqual(await firebaseScrypt(password, stored.options), stored.hash);
    }
  } catch {
    return false;
  }
}

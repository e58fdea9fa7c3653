import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id at the OWASP floor: 19 MiB, 2 passes, 1 lane (docs/protocol.md, addition 4). */
const OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A hash of nothing in particular, verified when no user matches so timing reveals nothing. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hash('not-a-password-anyone-has', OPTIONS);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

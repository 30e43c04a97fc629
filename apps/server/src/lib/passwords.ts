import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 20 ms here). `2` is the library's
// Algorithm.Argon2id, a const enum that isolated modules cannot import.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let decoy: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a decoy when there is none, so that an unknown
 * address takes as long to refuse as a wrong password (no account probing by timing).
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

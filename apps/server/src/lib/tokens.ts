import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Opaque bearer secrets: 32 random bytes, base64url, with a prefix that says what they are (so a
 * leaked one is recognisable in logs and by secret scanners). Only their SHA-256 is stored; the
 * secrets carry 256 bits of entropy, so a slow hash would add nothing.
 */
export type TokenKind = 'at' | 'rt' | 'pr' | 'st' | 'iv' | 'ak';

export function generateToken(kind: TokenKind): string {
  return `pf_${kind}_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

import { createHash, timingSafeEqual } from 'node:crypto';

export type PkceMethod = 'S256' | 'plain';

/** X documents "S256 OR plain" and twitter-api-v2 sends "s256" in lower case (docs/networks.md, X · OAuth consent): accept both spellings. */
export function parsePkceMethod(value: string | undefined): PkceMethod | undefined {
  if (value === undefined || value === '') return 'plain';
  if (value.toUpperCase() === 'S256') return 'S256';
  if (value.toLowerCase() === 'plain') return 'plain';
  return undefined;
}

export function pkceChallenge(verifier: string, method: PkceMethod): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

export function verifyPkce(challenge: string, method: PkceMethod, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(pkceChallenge(verifier, method));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

import { createHash } from 'node:crypto';

/** RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))), without padding. */
export function pkceChallengeS256(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

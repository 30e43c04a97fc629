import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
}

let signingKey: SigningKey | undefined;

/** Generated lazily once per process: RSA generation costs tens of milliseconds. */
function key(): SigningKey {
  if (!signingKey) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = `sandbox-${Date.now().toString(36)}`;
    signingKey = { kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } };
  }
  return signingKey;
}

export function jwks(): { keys: Array<Record<string, unknown>> } {
  return { keys: [key().jwk] };
}

/** An OIDC id_token like LinkedIn's (docs/networks.md, LinkedIn · Token exchange): RS256, verifiable against /linkedin/oauth/openid/jwks. */
export function signIdToken(claims: Record<string, unknown>): string {
  const { kid, privateKey } = key();
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', kid, alg: 'RS256' })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

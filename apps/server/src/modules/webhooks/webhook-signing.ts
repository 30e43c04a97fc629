import { createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets and signatures as the Standard Webhooks specification defines them
 * (https://www.standardwebhooks.com/, docs/webhooks.md), so its official libraries verify ours
 * unchanged: the secret is `whsec_` and a base64 key; a signature is `v1,` and the base64
 * HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` with that key.
 */

const PREFIX = 'whsec_';
/** The specification asks for 24 to 64 bytes; 32 is SHA-256's own size. */
const KEY_BYTES = 32;

export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(KEY_BYTES).toString('base64')}`;
}

export function signWebhook(secret: string, message: { id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${message.id}.${message.timestamp}.${message.body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret in use, space-separated, as the specification allows during a rotation. */
export function signatureHeader(secrets: readonly string[], message: { id: string; timestamp: number; body: string }): string {
  return secrets.map((secret) => signWebhook(secret, message)).join(' ');
}

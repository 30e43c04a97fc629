import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

/**
 * AES-256-GCM for secrets we must read back (the networks' tokens). Layout: version byte, 12-byte
 * IV, 16-byte tag, ciphertext. `context` is bound as additional data, so a ciphertext copied into
 * another row (another account) fails to decrypt instead of silently working.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): Buffer;
  open(sealed: Buffer, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_LENGTH);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, context) {
      if (sealed[0] !== VERSION) throw new Error('Unknown secret format');
      const iv = sealed.subarray(1, 1 + IV_LENGTH);
      const tag = sealed.subarray(1 + IV_LENGTH, 1 + IV_LENGTH + TAG_LENGTH);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(1 + IV_LENGTH + TAG_LENGTH)), decipher.final()]).toString('utf8');
    },
  };
}

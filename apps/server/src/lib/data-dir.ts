import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  secretKey: Buffer;
  databasePassword: string;
}

/**
 * Secrets the embedded default generates on first start and keeps in DATA_DIR (mode 0600), so a
 * newcomer needs no configuration and restarts keep decrypting the same tokens.
 */
export function loadOrCreateLocalSecrets(dataDir: string): LocalSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  if (!existsSync(file)) {
    const fresh = { secretKey: randomBytes(32).toString('hex'), databasePassword: randomBytes(24).toString('base64url') };
    try {
      // 'wx' fails if another process created it first; we then read theirs.
      writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { secretKey: string; databasePassword: string };
  return { secretKey: Buffer.from(stored.secretKey, 'hex'), databasePassword: stored.databasePassword };
}

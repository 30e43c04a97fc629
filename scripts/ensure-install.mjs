// Installs dependencies when they are missing or older than package-lock.json. Uses only Node
// built-ins, because it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lockFile = `${root}/package-lock.json`;
const stampFile = `${root}/node_modules/.postflow-install-stamp`;

export function ensureInstall() {
  const lockHash = createHash('sha256').update(readFileSync(lockFile)).digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === lockHash) return;
  console.log('Installing dependencies (npm ci)…');
  // Install scripts stay on: the embedded PostgreSQL needs its own (see allowScripts in package.json).
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, lockHash);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstall();

// Finds Debian's Chromium for the browser tests, installing it with apt when we are root.
// (Playwright's own browser download cannot work on machines without internet.)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function which(command) {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

export function findChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return which('chromium') ?? which('chromium-browser') ?? which('google-chrome');
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() === 0 && which('apt-get')) {
    console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env }).status === 0;
    // The package lists may be missing or stale on a fresh machine; refresh them once if needed.
    if (!install()) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
      install();
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'The browser tests need Chromium and none was found. Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome binary.',
  );
}

// `npm test`: install what is missing, then every tier: the static checks (lint and type check,
// side by side), unit and integration tests (vitest, against a real PostgreSQL), a production build, the short chaos run (workers
// killed, faults, a database restart: every post out exactly once) and the browser tests.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}/node_modules/.bin/${name}`;

ensureInstall();
const { ensureChromium } = await import('./chromium.mjs');
const { buildAll } = await import('./build.mjs');
const { cores, lintChecks, runChecks, typeChecks } = await import('./checks.mjs');

/** eslint is the longest check, so it starts first and the others share the remaining cores. */
function staticChecks() {
  const [eslint, ...rest] = lintChecks;
  return runChecks([eslint, ...typeChecks(), ...rest], { parallel: cores() });
}

const tiers = [
  ['lint and type check', staticChecks],
  ['unit and integration tests', () => run(bin('vitest'), ['run'])],
  ['build', async () => (await buildAll(), 0)],
  ['chaos (short)', () => run(process.execPath, [`${root}/bench/chaos/run.mjs`, '--short', '--no-build'])],
  [
    'browser tests',
    () => {
      const chromium = ensureChromium();
      return run(bin('vitest'), ['run', '--config', `${root}/e2e/vitest.config.ts`], { CHROME_PATH: chromium });
    },
  ],
];

function run(command, args, env = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

const summary = [];
let failed = false;
for (const [name, tier] of tiers) {
  const started = Date.now();
  console.log(`\n── ${name} ──`);
  let status;
  try {
    status = await tier();
  } catch (error) {
    console.error(error.message);
    status = 1;
  }
  summary.push(`${status === 0 ? 'passed' : 'FAILED'}  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (status !== 0) {
    failed = true;
    break;
  }
}
console.log(`\n${summary.join('\n')}`);
process.exit(failed ? 1 : 0);

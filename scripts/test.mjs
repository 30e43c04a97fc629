// `npm test`: install what is missing, then every tier: the static checks (lint and type check,
// side by side), unit and integration tests (vitest, against a real PostgreSQL), a production build, the short chaos run (workers
// killed, faults, a database restart: every post out exactly once) and the browser tests.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}/node_modules/.bin/${name}`;

ensureInstall();
const { ensureChromium } = await import('./chromium.mjs');
const { buildAll } = await import('./build.mjs');
const { lintChecks, runChecks, typeChecks } = await import('./checks.mjs');

/**
 * The unit and integration tests spend most of their time waiting on PostgreSQL and timers (under one
 * core busy on average), so the static checks run beside them, one at a time in one lane: together
 * they fill the cores without starving the tests' timing. eslint is the longest check, so it starts first.
 */
async function staticChecksAndUnitTests() {
  const [eslint, ...rest] = lintChecks;
  const [checks, tests] = await Promise.all([
    runChecks([eslint, ...typeChecks(), ...rest], { parallel: 1, buffered: true }),
    run(bin('vitest'), ['run']),
  ]);
  return checks || tests;
}

const tiers = [
  ['lint, type check, unit and integration tests', staticChecksAndUnitTests],
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
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
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

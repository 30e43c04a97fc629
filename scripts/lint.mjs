// `npm run lint`: every static check that needs no database, each timed. Also the first tier of `npm test`.
//   eslint        code rules, including the type-checked promise rules
//   boundaries    dependency-cruiser: no import cycles (type-only included), the server's layering,
//                 the web features' isolation, which package may import which (.dependency-cruiser.mjs)
//   format        prettier --check (`npm run format` rewrites the files)
// Runs every check even when one fails, so one run shows all problems.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}/node_modules/.bin/${name}`;

const checks = [
  ['eslint', bin('eslint'), ['--max-warnings', '0', '.']],
  [
    'boundaries',
    bin('depcruise'),
    ['--config', '.dependency-cruiser.mjs', '--output-type', 'err-long', 'apps', 'packages', 'e2e', 'bench', 'scripts'],
  ],
  ['format', bin('prettier'), ['--check', '.']],
];

const summary = [];
let failed = false;
for (const [name, command, args] of checks) {
  const started = Date.now();
  console.log(`\n── lint: ${name} ──`);
  const status = spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
  if (status !== 0) failed = true;
  summary.push(`${status === 0 ? 'passed' : 'FAILED'}  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`\n${summary.join('\n')}`);
process.exit(failed ? 1 : 0);

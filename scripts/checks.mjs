// The static checks of `npm run lint` and `npm run typecheck`, and a runner that can run them side by
// side. Each check is one single-threaded process (eslint, tsc…), so on a machine with N cores N of
// them at once take about 1/N of the time; `npm test` runs both lists that way.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}/node_modules/.bin/${name}`;

/** eslint (code rules, including the type-checked ones), the import boundaries and formatting. */
export const lintChecks = [
  { name: 'eslint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  {
    name: 'boundaries',
    command: bin('depcruise'),
    args: ['--config', '.dependency-cruiser.mjs', '--output-type', 'err-long', 'apps', 'packages', 'e2e', 'bench', 'scripts'],
  },
  { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
];

const typedProjects = ['packages/contract', 'packages/sandbox', 'apps/server', 'apps/web', 'e2e', 'bench'];

/** True when the folder holds TypeScript of its own (tsc fails on a project with no inputs). */
function hasTypeScript(dir) {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? !['node_modules', 'dist'].includes(entry.name) && hasTypeScript(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name),
  );
}

/** One tsc per workspace, each with its own tsconfig (they differ in DOM and Node types). */
export function typeChecks() {
  return typedProjects
    .filter((project) => existsSync(path.join(root, project, 'tsconfig.json')) && hasTypeScript(path.join(root, project)))
    .map((project) => ({ name: `types: ${project}`, command: bin('tsc'), args: ['-p', project] }));
}

function runOne({ name, command, args }, buffered) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const finish = (status) => {
      // Side by side, a check's output is printed whole when it ends, so two never interleave.
      if (buffered) {
        console.log(`\n── ${name} ──`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, status, seconds: (Date.now() - started) / 1000 });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

/**
 * Runs every check even when one fails, so one run shows all problems; returns 0 when all passed.
 * `parallel` checks run at once (1 keeps the output live, for a person watching one list).
 */
export async function runChecks(checks, { parallel = 1 } = {}) {
  const queue = [...checks];
  const results = [];
  const lanes = Array.from({ length: Math.max(1, Math.min(parallel, queue.length)) }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      if (parallel === 1) console.log(`\n── ${check.name} ──`);
      results.push(await runOne(check, parallel > 1));
    }
  });
  await Promise.all(lanes);
  const order = new Map(checks.map((check, index) => [check.name, index]));
  results.sort((a, b) => order.get(a.name) - order.get(b.name));
  console.log(`\n${results.map((r) => `${r.status === 0 ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds.toFixed(1)} s)`).join('\n')}`);
  return results.every((r) => r.status === 0) ? 0 : 1;
}

/** As many checks at once as the machine has cores. */
export const cores = () => os.availableParallelism();

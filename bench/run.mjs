// `npm run bench [-- publish|api|calendar|mixed|web|footprint|uploads|media-upload|queue|threads ...] [--no-build]`: builds what `npm start` runs,
// then runs each benchmark as its own process, echoes its output, collects its last JSON line,
// prints one combined JSON line last, and rewrites docs/benchmarks.md.
import { fileURLToPath } from 'node:url';
import { machineDescription, recordResults } from './lib/report.mjs';
import { runBenchScript } from './lib/run-bench-script.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const all = ['publish', 'api', 'calendar', 'mixed', 'web', 'footprint', 'uploads', 'media-upload', 'queue', 'threads'];
const args = process.argv.slice(2);
const wanted = args.filter((arg) => !arg.startsWith('--'));
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${all.join(', ')}.`);
  process.exit(2);
}
const selected = wanted.length ? all.filter((name) => wanted.includes(name)) : all;
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;

if (!args.includes('--no-build')) {
  const { buildAll } = await import('../scripts/build.mjs');
  await buildAll();
}

async function runBenchmark(name) {
  console.log(`\n── bench: ${name} ──`);
  const { code, result } = await runBenchScript(root, `${root}/bench/${name}/run.ts`, [], name);
  return code === 0 && result ? result : { bench: name, error: `exited with code ${code}${result ? '' : ' without a JSON line'}` };
}

const results = {};
for (const name of selected) results[name] = await runBenchmark(name);

const postgres = [
  ...new Set(
    Object.values(results)
      .map((result) => result.postgres)
      .filter(Boolean),
  ),
];
recordResults(results, command);
console.log(`\nUpdated docs/benchmarks.md and bench/results/latest.json.`);
console.log(
  JSON.stringify({ bench: 'postflow', date: new Date().toISOString(), command, machine: { ...machineDescription(), postgres }, results }),
);
process.exit(Object.values(results).some((result) => result.error) ? 1 : 0);

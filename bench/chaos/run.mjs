// `npm run chaos`: 2,000 scheduled targets and 200 X threads of 3 to 8 parts, three workers (one
// SIGKILLed every few seconds and restarted), sandbox faults at 5% each, a PostgreSQL restart in
// the middle; then every target must be published exactly once on the sandbox, or failed with a
// reason, and every thread part once, answering the part before it, or unsent saying why
// (`duplicatedParts` and `brokenChains` 0). Exits 1 otherwise.
//
//   npm run chaos                              the full run (about 5 minutes); updates docs/benchmarks.md
//   node bench/chaos/run.mjs --short           200 targets over 20 s (about 2.5 minutes), for `npm test`
//   add --no-build when apps/server/dist is already built
// Environment: CHAOS_TARGETS, CHAOS_THREADS, CHAOS_SECONDS, CHAOS_KILL_EVERY_MS, CHAOS_ACCOUNTS, CHAOS_SEED,
// CHAOS_SETTLE_SECONDS, CHAOS_X_DEDUPE=on, BENCH_DATABASE_URL (+ CHAOS_PG_RESTART_CMD to restart
// that server), BENCH_KEEP_LOGS=1.
import { fileURLToPath } from 'node:url';
import { runBenchScript } from '../lib/run-bench-script.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const short = args.includes('--short');

if (!args.includes('--no-build')) {
  const { buildAll } = await import('../../scripts/build.mjs');
  // Only the server bundle is needed (the sandbox runs from source, with chaos options).
  await buildAll({ web: false });
}

const { code, result: last } = await runBenchScript(
  root,
  `${root}/bench/chaos/chaos.ts`,
  args.filter((arg) => arg !== '--no-build'),
  'chaos',
);
// The short run is a test: it leaves the documented figures alone.
if (last && !short) {
  const { recordResults } = await import('../lib/report.mjs');
  recordResults({ chaos: last }, `npm run chaos${args.length ? ` -- ${args.join(' ')}` : ''}`);
}
process.exit(code);

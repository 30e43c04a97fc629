// The sandbox as a process, with options its own main.ts does not expose (chaos turns off X's
// duplicate-text rule so that a double send shows up as two posts instead of a refused 403).
// Options come as JSON in BENCH_SANDBOX_OPTIONS.
import { createSandbox, type SandboxOptions } from '@postflow/sandbox';

const options = JSON.parse(process.env.BENCH_SANDBOX_OPTIONS ?? '{}') as SandboxOptions;
const sandbox = createSandbox(options);
const url = await sandbox.listen(Number(process.env.SANDBOX_PORT ?? 0), '127.0.0.1');
console.log(`Sandbox (X and LinkedIn imitation) listening at ${url}`);
const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

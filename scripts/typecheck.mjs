// Type-checks every workspace with its own tsconfig (they differ in DOM and Node types).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/contract', 'packages/sandbox', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

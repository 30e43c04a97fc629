// Type-checks every workspace with its own tsconfig (they differ in DOM and Node types).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const projects = ['packages/contract', 'packages/sandbox', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = false;
/** True when the folder holds TypeScript of its own (tsc fails on a project with no inputs). */
function hasTypeScript(dir) {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? !['node_modules', 'dist'].includes(entry.name) && hasTypeScript(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name),
  );
}

for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`) || !hasTypeScript(project)) continue;
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

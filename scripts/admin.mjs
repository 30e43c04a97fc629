// `npm run admin -- plan <email|workspace-id> <plan>`: the operator's command, run from the build
// (built first if a source changed), with the app's .env, DATA_DIR and database.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
ensureInstall();
const { buildIfChanged } = await import('./build.mjs');
await buildIfChanged();
const entry = `${root}/apps/server/dist/admin.js`;
if (!existsSync(entry)) {
  console.error(`The admin command was not built (${entry} is missing). Run npm run build.`);
  process.exit(1);
}
const result = spawnSync(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);

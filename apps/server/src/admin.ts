// The operator's command (`npm run admin -- plan <email|workspace-id> <plan>`), on the app's own
// configuration and database (docs/product.md, Plans · The operator).
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './composition/open-database';
import { systemClock } from './lib/clock';
import { AdminCommandError, ADMIN_USAGE, runAdminCommand } from './modules/admin/admin-command';

async function admin(args: string[]): Promise<number> {
  if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
    console.log(ADMIN_USAGE);
    return args.length === 0 ? 1 : 0;
  }
  const config = loadConfig();
  const database = await openDatabase(config, (message) => console.error(message));
  try {
    console.log(await runAdminCommand(database.db, systemClock, args));
    return 0;
  } finally {
    await database.close();
  }
}

admin(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof AdminCommandError) console.error(error.message);
    else console.error('The admin command failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

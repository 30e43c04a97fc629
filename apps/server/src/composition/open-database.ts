import type { Config } from '../config/env';
import { createDatabase, type Database } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';
import { waitForDatabase } from '../db/wait-for-database';
import { loadOrCreateLocalSecrets } from '../lib/data-dir';

/**
 * The app's database for a one-off command (npm run admin): DATABASE_URL, or the embedded one in
 * DATA_DIR, using the running app's server when there is one and stopping only one it started.
 * Migrated, so the command sees the tables the app does.
 */
export async function openDatabase(config: Config, log: (message: string) => void): Promise<{ db: Database; close(): Promise<void> }> {
  let connectionString = config.databaseUrl;
  let stopEmbedded = async () => {};
  if (!connectionString) {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      password: loadOrCreateLocalSecrets(config.dataDir).databasePassword,
      log,
    });
    connectionString = embedded.connectionString;
    if (!embedded.reused) stopEmbedded = () => embedded.stop();
  }
  const db = createDatabase(connectionString, { max: 2, applicationName: 'postflow-admin' });
  try {
    await waitForDatabase(db, {
      maxWaitMs: config.databaseWaitMs,
      onWait: (attempt) => log(`Waiting for PostgreSQL (attempt ${attempt})…`),
    });
    await migrate(db);
  } catch (error) {
    await db.close();
    await stopEmbedded();
    throw error;
  }
  return {
    db,
    async close() {
      await db.close();
      await stopEmbedded();
    },
  };
}

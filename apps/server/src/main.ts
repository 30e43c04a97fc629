// First: schemas constructed after this line parse through generated code, several times faster.
import 'zod/compile';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/env';
import { createLogger } from './lib/logger';
import { startRuntime } from './composition/runtime';

/** Where `vite build` puts the web app, relative to this file in source and in the bundle alike. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDistDir ??= defaultWebDist;
  const logger = createLogger(config.logLevel);
  // ROLE=all runs its worker as a second process of this same entry (docs/decisions/120).
  const runtime = await startRuntime({ config, logger, workerProcess: { entry: fileURLToPath(import.meta.url) } });

  if (runtime.url) logger.info(`Postflow is running at ${runtime.url}`);
  if (config.role === 'worker') logger.info('Postflow worker is running');
  // Said on stdout too, plainly, so a newcomer sees the address whatever the log format.
  if (runtime.url) console.log(`\nPostflow is running at ${runtime.url}\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Postflow could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

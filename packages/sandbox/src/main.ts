import { readSandboxEnv } from './env';
import { createSandbox } from './server';

async function main(): Promise<void> {
  let env;
  try {
    env = readSandboxEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const sandbox = createSandbox({
    appUrl: env.SANDBOX_APP_URL,
    ...(env.SANDBOX_STATE_FILE ? { stateFile: env.SANDBOX_STATE_FILE } : {}),
  });
  await sandbox.listen(env.SANDBOX_PORT, env.SANDBOX_HOST);
  const port = (sandbox.app.server.address() as { port: number }).port;
  const host = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(env.SANDBOX_HOST) ? 'localhost' : env.SANDBOX_HOST;
  console.log(`Sandbox (X and LinkedIn imitation) listening at http://${host}:${port}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    sandbox
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`Sandbox: error while stopping on ${signal}:`, error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Sandbox failed to start:', error);
  process.exit(1);
});

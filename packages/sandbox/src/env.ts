import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  SANDBOX_PORT: port.default(8081),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_STATE_FILE: z.string().min(1).optional(),
  SANDBOX_APP_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
});

export type SandboxEnv = z.infer<typeof envSchema>;

/** The only reader of process.env in the sandbox; a bad value names the variable. */
export function readSandboxEnv(env: NodeJS.ProcessEnv = process.env): SandboxEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const messages = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message} (got "${env[String(issue.path[0])] ?? ''}")`,
    );
    throw new Error(`Invalid sandbox configuration:\n  ${messages.join('\n  ')}`);
  }
  return result.data;
}

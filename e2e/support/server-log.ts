import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

/** The newest password reset link the server printed for `email` (no SMTP in tests: it goes to the log). */
export function resetLinkFor(email: string, timeoutMs = 10_000): Promise<string> {
  return linkFor(email, /(https?:\/\/\S+\/reset-password\?token=[\w%.-]+)/, timeoutMs);
}

/** The newest workspace invitation link the server printed for `email`. */
export function invitationLinkFor(email: string, timeoutMs = 10_000): Promise<string> {
  return linkFor(email, /(https?:\/\/\S+\/invitations\/[\w%.-]+)/, timeoutMs);
}

async function linkFor(email: string, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = inject('serverLogFile');
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
    for (const line of lines.reverse()) {
      if (!line.includes(email)) continue;
      const match = pattern.exec(line);
      if (match?.[1]) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`No link like ${pattern} for ${email} in the server log`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

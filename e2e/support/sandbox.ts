import { inject } from 'vitest';

/** A blue 64×64 PNG: a real image for the server to re-encode, small enough to inline. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDaqbKTn5MrIh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX7C7EXaIbdAPQK3YX4i7RDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAveIfHphmMVq1Jm80AAAAAElFTkSuQmCC',
  'base64',
);

export type SandboxPost = Record<string, unknown> & { media: Array<Record<string, unknown>> };

/** What the sandbox's admin API lists of a network's posts (packages/sandbox/README.md, Admin API). */
export async function sandboxPosts(network: 'x' | 'linkedin', query = ''): Promise<SandboxPost[]> {
  const answer = await fetch(`${inject('sandboxUrl')}/_sandbox/${network}/posts?${query}`);
  return ((await answer.json()) as { posts: SandboxPost[] }).posts;
}

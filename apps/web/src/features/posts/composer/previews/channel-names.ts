import type { PreviewChannel } from './types';

/** '@ada_x' from 'ada_x' or '@ada_x'; null without a handle. */
export function atHandle(channel: PreviewChannel): string | null {
  const handle = channel.handle?.trim().replace(/^@/, '');
  return handle ? `@${handle}` : null;
}

/** How a preview names who posts: 'on X as @ada_x', 'on LinkedIn as Acme'. */
export function previewLabel(networkName: string, channel: PreviewChannel): string {
  return `Preview of your post on ${networkName} as ${atHandle(channel) ?? channel.name}`;
}

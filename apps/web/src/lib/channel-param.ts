/**
 * The channel a screen is filtered by, kept in its address as `?channel={id}` (docs/product.md, Feed · Filters),
 * so reload and Back keep it; 'all' when none (or something that is not an id) is there.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readChannelParam(params: URLSearchParams): string {
  const value = params.get('channel') ?? '';
  return UUID.test(value) ? value : 'all';
}

/** A copy of `params` with the channel set, or left out for 'all'. */
export function withChannelParam(params: URLSearchParams, channel: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (channel === 'all') next.delete('channel');
  else next.set('channel', channel);
  return next;
}

/** The `channelId` of a call for the filter's value: nothing for every channel. */
export const channelQuery = (channel: string): { channelId?: string } => (channel === 'all' ? {} : { channelId: channel });

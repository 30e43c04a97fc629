import { z } from 'zod';
import { networkSchema } from './accounts';
import { defineRoute } from './http';
import { endpoints } from './endpoints';

/**
 * One place a post can go (docs/product.md, Channels): an X account, a LinkedIn member, or a
 * LinkedIn page a connected member administers. Its id stays the same while the workspace keeps
 * the account, and comes back when the same account is connected again.
 */
export const channelSchema = z.object({
  id: z.uuid(),
  network: networkSchema,
  kind: z.enum(['person', 'organization']),
  /** The account's display name, or the page's name. */
  name: z.string(),
  /** The handle without '@' (X username, LinkedIn page vanity name); null when it has none. */
  handle: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The connected account posts to this channel go through (a page's: the member who administers it). */
  accountId: z.uuid(),
  /**
   * A page's LinkedIn organization id (a post's `linkedin_org_id`); null for a person. Optional only
   * so that clients' own channel objects need not invent it; the server always sends it.
   */
  organizationId: z.string().nullable().optional(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelsResponseSchema = z.object({ channels: z.array(channelSchema) });
export type ChannelsResponse = z.infer<typeof channelsResponseSchema>;

/** A channel id in a filter or a publish call. */
export const channelIdSchema = z.uuid({ error: 'A channel is named by its id, as GET /api/v1/channels lists it' });

export const channelsRoutes = {
  list: defineRoute({
    ...endpoints.channels.list,
    tag: 'accounts',
    summary:
      "The workspace's channels: each connected X account, each LinkedIn member, and each LinkedIn page a connected member administers",
    response: channelsResponseSchema,
  }),
} as const;

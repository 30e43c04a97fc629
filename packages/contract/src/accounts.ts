import { z } from 'zod';
import { isoDateTimeSchema } from './fields';
import { defineRoute } from './http';

export const networks = ['x', 'linkedin'] as const;
export const networkSchema = z.enum(networks, { error: "Choose a platform: 'x' or 'linkedin'" });
export type Network = z.infer<typeof networkSchema>;

export const socialAccountSchema = z.object({
  id: z.uuid(),
  provider: networkSchema,
  /** The account's id on the network; present means connected (the spec's rule). */
  social_id: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  avatarURL: z.string().nullable(),
  /** `needs_reconnect` once the network refused our tokens; the user must connect again. */
  status: z.enum(['connected', 'needs_reconnect']),
  /** True when the account lives on the offline sandbox rather than the real network. */
  sandbox: z.boolean(),
  connectedAt: isoDateTimeSchema,
  /** When the network's access grant ends (LinkedIn: 60 days); null when it renews itself. */
  expiresAt: isoDateTimeSchema.nullable(),
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

export const accountsResponseSchema = z.object({ socials: z.array(socialAccountSchema) });

export const accountsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/auth/accounts',
    tag: 'accounts',
    summary: 'The social accounts connected to the signed-in user',
    response: accountsResponseSchema,
  }),
} as const;

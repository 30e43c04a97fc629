import { z } from 'zod';
import { sessionResponseSchema } from './auth';
import { currentPasswordSchema, idParamsSchema, isoDateTimeSchema } from './fields';
import { defineRoute } from './http';
import { endpoints } from './endpoints';
import { networks } from './vocabulary';

export const networkSchema = z.enum(networks, { error: "Choose a platform: 'x' or 'linkedin'" });
export type Network = z.infer<typeof networkSchema>;

export const socialAccountSchema = z.object({
  id: z.uuid(),
  provider: networkSchema,
  /** The account's id on the network; present means connected (docs/product.md, Shared rules · Networks). */
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

/** The provider names calls use: 'twitter' (or 'x') and 'linkedin'. */
export const providerNameSchema = z
  .enum(['twitter', 'x', 'linkedin'], { error: "Choose a provider: 'twitter' or 'linkedin'" })
  .transform((name): Network => (name === 'linkedin' ? 'linkedin' : 'x'));

export const socialTokenRequestSchema = z.object({ provider: providerNameSchema });

export const authUrlResponseSchema = z.object({ authURL: z.url() });
export const linkedInAuthUrlResponseSchema = z.object({ auth_url: z.url() });

const connectionStatusSchema = z.object({
  connected: z.boolean(),
  /** Set when connected: the account's name on the network. */
  username: z.string().nullable(),
  status: z.enum(['connected', 'needs_reconnect']).nullable(),
  sandbox: z.boolean(),
  /** False when this server has neither credentials for the network nor the sandbox. */
  available: z.boolean(),
});
export const connectionsResponseSchema = z.object({ x: connectionStatusSchema, linkedin: connectionStatusSchema });

export const linkedInOrganizationsResponseSchema = z.object({
  personal: z.object({ id: z.string(), name: z.string(), type: z.literal('personal') }),
  organizations: z.array(
    z.object({ id: z.string(), name: z.string(), type: z.literal('organization'), followerCount: z.number().int().nullable() }),
  ),
});
export type LinkedInOrganizations = z.infer<typeof linkedInOrganizationsResponseSchema>;

/** Whose pages: one LinkedIn account of the workspace (GET /api/v1/accounts); left out, the first one connected. */
export const linkedInOrganizationsQuerySchema = z.object({
  accountId: z.uuid({ error: 'accountId must be the id of a connected LinkedIn account' }).optional(),
});

export const disconnectResponseSchema = z.object({
  disconnected: z.boolean(),
  message: z.string(),
  /** What became of the account's sign-in (decision 107): still a way in, no longer one, or it never was. */
  signIn: z.enum(['kept', 'removed', 'none']).optional(),
});

/** What to do with the account's sign-in when it is disconnected: default `remove`, unless it is the last way in. */
export const disconnectQuerySchema = z.object({
  signIn: z.enum(['keep', 'remove'], { error: "signIn must be 'keep' or 'remove'" }).optional(),
});

/** One way a person signs in (decision 107): their password, or an X or LinkedIn account. */
export const signInMethodSchema = z.object({
  /** `password`, or the network identity's id. */
  id: z.string(),
  kind: z.enum(['password', 'x', 'linkedin']),
  /** The network account's name (`@ada_x`, 'Ada Lovelace'); null for the password or when unknown. */
  label: z.string().nullable(),
  sandbox: z.boolean(),
});
export type SignInMethod = z.infer<typeof signInMethodSchema>;
export const signInMethodsResponseSchema = z.object({ methods: z.array(signInMethodSchema) });
export const signInMethodParamsSchema = z.object({
  id: z.union([z.literal('password'), z.uuid()], { error: "The id is 'password' or a sign-in method's id" }),
});
export const removeSignInMethodRequestSchema = z.object({ currentPassword: currentPasswordSchema });

export const accountsRoutes = {
  list: defineRoute({
    ...endpoints.accounts.list,
    tag: 'accounts',
    summary: 'The social accounts connected to the signed-in user',
    response: accountsResponseSchema,
  }),
  linkX: defineRoute({
    ...endpoints.accounts.linkX,
    tag: 'accounts',
    summary: "The address of X's consent page, to connect an X account to the signed-in user",
    response: authUrlResponseSchema,
  }),
  linkLinkedIn: defineRoute({
    ...endpoints.accounts.linkLinkedIn,
    tag: 'accounts',
    summary: "The address of LinkedIn's consent page, to connect a LinkedIn account to the signed-in user",
    response: authUrlResponseSchema,
  }),
  linkedInUrl: defineRoute({
    ...endpoints.accounts.linkedInUrl,
    tag: 'accounts',
    summary: "The address of LinkedIn's consent page (the wizard's variant of /auth/link/linkedin)",
    response: linkedInAuthUrlResponseSchema,
  }),
  socialToken: defineRoute({
    ...endpoints.accounts.socialToken,
    tag: 'accounts',
    summary: 'After a sign-in with X or LinkedIn: trade the one-time ticket this browser holds (an httpOnly cookie) for a session',
    body: socialTokenRequestSchema,
    response: sessionResponseSchema,
  }),
  disconnect: defineRoute({
    ...endpoints.accounts.disconnect,
    tag: 'accounts',
    summary:
      "Disconnect a social account: revoke its token at the network where possible and delete our copy; `signIn=keep` keeps it as a way to sign in (by default it stops signing in, unless it is the person's last way in)",
    params: idParamsSchema,
    query: disconnectQuerySchema,
    response: disconnectResponseSchema,
  }),
  connections: defineRoute({
    ...endpoints.accounts.connections,
    tag: 'accounts',
    summary: 'Whether each network is connected',
    response: connectionsResponseSchema,
  }),
  disconnectLinkedIn: defineRoute({
    ...endpoints.accounts.disconnectLinkedIn,
    tag: 'accounts',
    summary: 'Disconnect the LinkedIn account',
    response: disconnectResponseSchema,
  }),
  signInMethods: defineRoute({
    ...endpoints.accounts.signInMethods,
    tag: 'accounts',
    summary: 'The ways the person signs in: their password and the X or LinkedIn accounts linked for sign-in',
    response: signInMethodsResponseSchema,
  }),
  removeSignInMethod: defineRoute({
    ...endpoints.accounts.removeSignInMethod,
    tag: 'accounts',
    summary:
      'Stop a way of signing in (the password needs the current one); refused with 409 when it is the last one. Answers the methods left',
    params: signInMethodParamsSchema,
    body: removeSignInMethodRequestSchema,
    response: signInMethodsResponseSchema,
  }),
  linkedInOrganizations: defineRoute({
    ...endpoints.accounts.linkedInOrganizations,
    example: { query: { accountId: 'a9b8c7d6-e5f4-4a3b-9c2d-1e0f9a8b7c65' } },
    tag: 'accounts',
    summary: 'Who a LinkedIn post can be published as: the member, or a page they administer',
    query: linkedInOrganizationsQuerySchema,
    response: linkedInOrganizationsResponseSchema,
  }),
} as const;

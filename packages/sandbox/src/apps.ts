import { z } from 'zod';

export type Network = 'x' | 'linkedin';

export interface RegisteredApp {
  network: Network;
  clientId: string;
  /** Absent for public (PKCE-only) X clients. */
  clientSecret?: string;
  redirectUris: string[];
  name: string;
  /** LinkedIn only: programmatic refresh tokens are for approved (MDP) apps (docs/networks.md, LinkedIn · Token refresh). */
  refreshTokens: boolean;
}

export const DEFAULT_X_CLIENT_ID = 'postflow-sandbox-x';
export const DEFAULT_X_CLIENT_SECRET = 'postflow-sandbox-x-secret';
export const DEFAULT_LINKEDIN_CLIENT_ID = 'postflow-sandbox-linkedin';
export const DEFAULT_LINKEDIN_CLIENT_SECRET = 'postflow-sandbox-linkedin-secret';

export const appInputSchema = z.object({
  network: z.enum(['x', 'linkedin']),
  clientId: z.string().min(1).max(200),
  clientSecret: z.string().min(1).max(500).optional(),
  redirectUris: z
    .array(
      z
        .string()
        .url()
        .refine((uri) => !uri.includes('#'), 'redirect URIs cannot contain #'),
    )
    .min(1),
  name: z.string().min(1).max(100).optional(),
  refreshTokens: z.boolean().optional(),
});

export type AppInput = z.input<typeof appInputSchema>;

export function toRegisteredApp(input: AppInput): RegisteredApp {
  const app = appInputSchema.parse(input);
  return {
    network: app.network,
    clientId: app.clientId,
    ...(app.clientSecret === undefined ? {} : { clientSecret: app.clientSecret }),
    redirectUris: app.redirectUris,
    name: app.name ?? app.clientId,
    refreshTokens: app.refreshTokens ?? false,
  };
}

export function defaultApps(appUrl: string): RegisteredApp[] {
  const base = appUrl.replace(/\/+$/, '');
  return [
    {
      network: 'x',
      clientId: DEFAULT_X_CLIENT_ID,
      clientSecret: DEFAULT_X_CLIENT_SECRET,
      redirectUris: [`${base}/auth/x/callback`],
      name: 'Postflow (sandbox)',
      refreshTokens: true,
    },
    {
      network: 'linkedin',
      clientId: DEFAULT_LINKEDIN_CLIENT_ID,
      clientSecret: DEFAULT_LINKEDIN_CLIENT_SECRET,
      redirectUris: [`${base}/auth/linkedin/callback`],
      name: 'Postflow (sandbox)',
      refreshTokens: false,
    },
  ];
}

export function appKey(network: Network, clientId: string): string {
  return `${network}:${clientId}`;
}

/** X: exact string match (RFC 6749 §10.6, docs/networks.md, X · OAuth consent). */
export function xRedirectUriAllowed(app: RegisteredApp, redirectUri: string): boolean {
  return app.redirectUris.includes(redirectUri);
}

/**
 * LinkedIn: "Query parameters on the registered URL are ignored" (docs/networks.md, LinkedIn · OAuth consent), so the
 * comparison is on the URI without its query; everything else must be identical.
 */
export function linkedInRedirectUriAllowed(app: RegisteredApp, redirectUri: string): boolean {
  if (redirectUri.includes('#')) return false;
  const strip = (uri: string) => uri.split('?')[0];
  return app.redirectUris.some((registered) => strip(registered) === strip(redirectUri));
}

import { networkName, type Network } from '@postflow/contract';
import type { Config } from '../../config/env';
import { AppError } from '../../lib/errors';
import { createLinkedInProvider } from './linkedin/linkedin-provider';
import type { SocialProvider } from './social-provider';
import { createXProvider } from './x/x-provider';

export interface ProviderRegistry {
  /** The adapter for a network, or a 400 saying the network is not set up on this server. */
  get(network: Network): SocialProvider;
  available(network: Network): boolean;
}

const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];
// Reading posts and organisation scopes need LinkedIn's approval (Community Management); the
// sandbox grants them, so its demo shows metrics and reconciles by reading posts. Member post
// impressions need r_member_postAnalytics, also Community Management only (docs/networks.md, LinkedIn · Scopes and access,
// Member post analytics): not requested by default; operators with that access add it through LINKEDIN_SCOPES.
const LINKEDIN_SELF_SERVE_SCOPES = ['openid', 'profile', 'email', 'w_member_social'];
const LINKEDIN_SANDBOX_SCOPES = [
  ...LINKEDIN_SELF_SERVE_SCOPES,
  'r_member_social',
  'r_member_social_feed',
  'r_organization_social',
  'w_organization_social',
  'rw_organization_admin',
  // The sandbox grants what a Community Management app holds, so the offline demo shows member reach.
  'r_member_postAnalytics',
];

export function createProviderRegistry(config: Config, options: { fetch?: typeof fetch; timeoutMs?: number } = {}): ProviderRegistry {
  const providers: Partial<Record<Network, SocialProvider>> = {};
  if (config.x) {
    providers.x = createXProvider({
      ...config.x,
      redirectUri: `${config.publicUrl}/auth/x/callback`,
      scopes: X_SCOPES,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    });
  }
  if (config.linkedin) {
    providers.linkedin = createLinkedInProvider({
      ...config.linkedin,
      redirectUri: `${config.publicUrl}/auth/linkedin/callback`,
      scopes: config.linkedin.scopes ?? (config.linkedin.isSandbox ? LINKEDIN_SANDBOX_SCOPES : LINKEDIN_SELF_SERVE_SCOPES),
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    });
  }
  return {
    get(network) {
      const provider = providers[network];
      if (!provider) {
        const name = networkName(network);
        throw new AppError(
          'bad_request',
          `${name} is not set up on this server. Ask its administrator to add ${network.toUpperCase()}_CLIENT_ID and ${network.toUpperCase()}_CLIENT_SECRET, or to turn the sandbox on.`,
        );
      }
      return provider;
    },
    available: (network) => providers[network] !== undefined,
  };
}

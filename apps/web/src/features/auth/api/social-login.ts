import type { SessionResponse } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { apiCall } from '../../../lib/api-client';

export type SocialLoginProvider = 'twitter' | 'linkedin';

/**
 * After a sign-in with X or LinkedIn the API holds a one-time ticket in an httpOnly cookie; this trades
 * it for a session (`POST /auth/social/token`). The route needs no bearer token, so a 401 here is a
 * failed sign-in, not an expired session.
 */
export function fetchSocialLoginToken(provider: SocialLoginProvider, signal?: AbortSignal): Promise<SessionResponse> {
  return apiCall(api.accounts.socialToken, { body: { provider }, signal });
}

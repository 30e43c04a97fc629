import type { ProfileDetails, User } from '@postflow/contract';
import { api, DEFAULT_DASHBOARD_RANGE } from '@postflow/contract/client';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/auth';
import { channelQuery } from '../../../lib/channel-param';
import { personTimeZone } from '../../../lib/person-time-zone';
import { profileDetailsQueryKey } from '../../../lib/query-keys';

/**
 * GET /users/profile: the signed-in user with post counts, engagement and followers (docs/product.md, Profile · Calls),
 * the figures over the dashboard's default range in the person's zone, so both screens show the same numbers; with a
 * channel chosen, that channel's posts and engagement. The previous figures stay while another channel's load.
 */
export function useProfileDetails(channel = 'all') {
  return useQuery({
    queryKey: [...profileDetailsQueryKey, channel],
    queryFn: ({ signal }) =>
      apiCall(api.profile.details, {
        query: { range: DEFAULT_DASHBOARD_RANGE, tz: personTimeZone(), ...channelQuery(channel) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Puts a changed user everywhere it shows at once: this page (whichever channel it shows) and the app's header (the session's user). */
export function storeUser(queryClient: QueryClient, change: (user: User) => User) {
  queryClient.setQueriesData<ProfileDetails>({ queryKey: profileDetailsQueryKey }, (current) =>
    current ? { ...current, user: change(current.user) } : current,
  );
  queryClient.setQueryData<User | null>(sessionQueryKey, (current) => (current ? change(current) : current));
}

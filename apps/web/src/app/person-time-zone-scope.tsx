import { useQueryClient, type Query } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { sessionQueryKey, useAuth } from '../lib/auth';
import { adoptPersonTimeZone, personTimeZone } from '../lib/person-time-zone';
import { workspacesQueryKey } from '../lib/query-keys';

/** What does not depend on the zone: who is signed in, and their workspaces. */
const countedInZone = (query: Query) => query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== workspacesQueryKey[0];

/**
 * Makes the signed-in person's zone the one every screen uses (docs/decisions/145-person-time-zone.md).
 * It is adopted while rendering, before any page below reads it; when it changes, the pages are
 * remounted (every time on them is formatted again) and what was counted in the old zone is fetched again.
 */
export function PersonTimeZoneScope({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // Never forgotten in an effect's cleanup: cleanups run before the pages' effects, whose fetches would
  // then read the browser's zone. After signing out nothing shows times; the next person's is adopted here.
  adoptPersonTimeZone(user?.timeZone ?? null);
  const zone = personTimeZone();

  const shown = useRef(zone);
  useEffect(() => {
    if (shown.current === zone) return;
    shown.current = zone;
    void queryClient.invalidateQueries({ predicate: countedInZone });
  }, [zone, queryClient]);

  return <Fragment key={zone}>{children}</Fragment>;
}

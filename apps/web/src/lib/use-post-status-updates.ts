import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followPostStatus } from './post-status-stream';
import { postsQueryKey, profileDetailsQueryKey } from './query-keys';

/**
 * Keeps every open screen's posts current (feed, profile, dashboard, post management, and any later
 * screen whose queries sit under `postsQueryKey`): a post that goes out, fails or is missed is read
 * again at once, without a reload (decision 125). Mounted once, by the signed-in app shell.
 */
export function usePostStatusUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const openedAt = Date.now();
    const refresh = (onlyOlderThan?: number) => {
      const older =
        onlyOlderThan === undefined
          ? undefined
          : (query: { state: { dataUpdatedAt: number } }) => query.state.dataUpdatedAt < onlyOlderThan;
      void queryClient.invalidateQueries({ queryKey: postsQueryKey, ...(older ? { predicate: older } : {}) });
      void queryClient.invalidateQueries({ queryKey: profileDetailsQueryKey, ...(older ? { predicate: older } : {}) });
    };
    return followPostStatus({
      onChange: () => refresh(),
      // The first opening only re-reads what was fetched before the page started listening.
      onResync: (first) => refresh(first ? openedAt : undefined),
    });
  }, [queryClient]);
}

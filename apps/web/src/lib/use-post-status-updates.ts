import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followPostStatus } from './post-status-stream';
import { postsQueryKey, profileDetailsQueryKey } from './query-keys';

/**
 * Keeps every open screen's posts current (feed, profile, dashboard, post management, and any later
 * screen whose queries sit under `postsQueryKey`): a post that goes out, fails or is missed is read
 * again at once, without a reload (decision 125). Mounted once, by the signed-in app shell.
 *
 * Only a visible tab holds a stream: a browser gives an address at most six HTTP/1.1 connections, and
 * a stream per open tab would use them up, leaving every other call of the app waiting. A tab that
 * comes back into view opens its stream again and reads everything it may have missed.
 */
export function usePostStatusUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const openedAt = Date.now();
    let stop: (() => void) | undefined;
    let followedBefore = false;
    const refresh = (onlyOlderThan?: number) => {
      const older =
        onlyOlderThan === undefined
          ? undefined
          : (query: { state: { dataUpdatedAt: number } }) => query.state.dataUpdatedAt < onlyOlderThan;
      void queryClient.invalidateQueries({ queryKey: postsQueryKey, ...(older ? { predicate: older } : {}) });
      void queryClient.invalidateQueries({ queryKey: profileDetailsQueryKey, ...(older ? { predicate: older } : {}) });
    };
    const follow = () => {
      const resumed = followedBefore;
      followedBefore = true;
      stop = followPostStatus({
        onChange: () => refresh(),
        // The page's first opening only re-reads what was fetched before it started listening.
        onResync: (first) => refresh(first && !resumed ? openedAt : undefined),
      });
    };
    const followWhileVisible = () => {
      if (document.visibilityState === 'hidden') {
        stop?.();
        stop = undefined;
      } else if (!stop) {
        follow();
      }
    };
    followWhileVisible();
    document.addEventListener('visibilitychange', followWhileVisible);
    return () => {
      document.removeEventListener('visibilitychange', followWhileVisible);
      stop?.();
    };
  }, [queryClient]);
}

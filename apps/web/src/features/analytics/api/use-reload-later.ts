import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { analyticsQueryKey } from './keys';

/** docs/product.md, Analytics · Messages: reload the data 2 s after a sync starts. */
export const SYNC_RELOAD_MS = 2_000;
/** docs/product.md, Analytics · Messages: reload the data 5 s after insight generation starts. */
export const INSIGHTS_RELOAD_MS = 5_000;

/**
 * Returns `reloadIn(ms)`: refetch everything this screen shows after a delay, the figures staying on
 * screen meanwhile. Pending reloads are dropped when the screen goes away.
 */
export function useReloadLater(): (delayMs: number) => void {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return useCallback(
    (delayMs: number) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        void queryClient.invalidateQueries({ queryKey: analyticsQueryKey });
      }, delayMs);
      timers.current.add(timer);
    },
    [queryClient],
  );
}

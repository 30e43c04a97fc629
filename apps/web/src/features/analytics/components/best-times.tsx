import { Skeleton } from '../../../components/ui/spinner';
import { personTimeZone } from '../../../lib/person-time-zone';
import { useOptimalTimes } from '../api/use-optimal-times';
import { hourWindow, topHours } from '../lib/best-times';
import { formatRate } from '../lib/format';
import type { AnalyticsPlatform } from '../lib/platforms';
import { Panel } from './panel';

/** "Best times to post": the three best hours of the person's own history, and the server's advice. */
export function BestTimes({ platform, channel = 'all' }: { platform: AnalyticsPlatform; channel?: string }) {
  const times = useOptimalTimes(platform, channel);

  let body;
  if (times.isPending) {
    body = <Skeleton className="h-32 w-full" />;
  } else if (times.isError) {
    body = <p className="text-sm text-slate-600">The best times could not be loaded just now.</p>;
  } else {
    const best = topHours(times.data.hours);
    body = (
      <>
        {best.length > 0 && (
          <ol className="flex flex-col gap-2">
            {best.map((entry) => (
              <li
                key={entry.hour}
                className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-slate-50 px-3 py-2 text-sm"
              >
                <span className="font-medium text-slate-900">{hourWindow(entry.hour)}</span>
                <span className="text-slate-600 tabular-nums">
                  {formatRate(entry.median_engagement_rate)} median engagement · {entry.posts} {entry.posts === 1 ? 'post' : 'posts'}
                </span>
              </li>
            ))}
          </ol>
        )}
        <p className="text-sm text-slate-700">{times.data.recommendation}</p>
        {/* The page names the person's zone; said again only while they have none and the server counts in UTC. */}
        {best.length > 0 && times.data.time_zone !== personTimeZone() && (
          <p className="text-xs text-slate-500">Hours in {times.data.time_zone}.</p>
        )}
      </>
    );
  }

  return <Panel title="Best times to post">{body}</Panel>;
}

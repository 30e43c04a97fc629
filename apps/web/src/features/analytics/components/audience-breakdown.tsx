import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/spinner';
import { useAudience } from '../api/use-audience';
import { formatCount } from '../lib/format';
import type { AnalyticsPlatform } from '../lib/platforms';
import { Panel } from './panel';

/**
 * Who the audience is, where the network tells. When it does not (`available: false`), its reason is
 * shown — no invented numbers — and the follower spread across the person's accounts still is.
 * The bars are plain HTML: they read well at 375 px and need no chart library.
 */
export function AudienceBreakdown({ platform }: { platform: AnalyticsPlatform }) {
  const audience = useAudience(platform);

  let body;
  if (audience.isPending) {
    body = <Skeleton className="h-32 w-full" />;
  } else if (audience.isError) {
    body = <p className="text-sm text-slate-600">The audience breakdown could not be loaded just now.</p>;
  } else {
    const { available, message, segments } = audience.data;
    body = (
      <>
        {!available && message && <Alert variant="info">{message}</Alert>}
        {segments.length > 0 ? (
          <ul className="flex flex-col gap-3" aria-label={available ? 'Audience segments' : 'Followers per account'}>
            {segments.map((segment) => (
              <li key={segment.segment} className="flex flex-col gap-1">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate text-slate-800">{segment.segment}</span>
                  <span className="shrink-0 text-slate-600 tabular-nums">
                    {formatCount(segment.count)} · {segment.percentage.toFixed(1)}%
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <div className="h-full rounded-full bg-brand" style={{ width: `${Math.min(100, Math.max(0, segment.percentage))}%` }} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No follower counts yet: Sync Data reads them from the network.</p>
        )}
      </>
    );
  }

  return <Panel title="Audience breakdown">{body}</Panel>;
}

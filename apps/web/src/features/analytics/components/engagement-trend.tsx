import { lazy, Suspense, useMemo } from 'react';
import { Skeleton } from '../../../components/ui/spinner';
import { formatCount } from '../lib/format';
import { bucketLabel, compactTrend, type TrendPoint } from '../lib/trend';
import { Panel } from './panel';

const TrendChart = lazy(() => import('./trend-chart').then((module) => ({ default: module.TrendChart })));

/**
 * Engagements on the posts published in each part of the range: at most 7 points (docs/product.md, Analytics · Sections), days
 * summed into equal buckets for longer ranges. A visually hidden table carries the same numbers for
 * screen readers.
 */
export function EngagementTrend({ trend }: { trend: readonly TrendPoint[] }) {
  const points = useMemo(() => compactTrend(trend).map((bucket) => ({ label: bucketLabel(bucket), value: bucket.value })), [trend]);
  const perDay = trend.length <= points.length;
  return (
    <Panel
      title="Engagement trend"
      description={
        perDay
          ? 'Likes, comments and shares on the posts published each day.'
          : 'Likes, comments and shares on the posts published in each period of the range.'
      }
    >
      {points.length === 0 ? (
        <p className="text-sm text-slate-600">No days in this range.</p>
      ) : (
        <>
          <div className="min-w-0" data-testid="trend-chart">
            <Suspense fallback={<Skeleton className="h-60 w-full" />}>
              <TrendChart points={points} />
            </Suspense>
          </div>
          <table className="sr-only">
            <caption>Engagements {perDay ? 'per day' : 'per period'}</caption>
            <thead>
              <tr>
                <th scope="col">{perDay ? 'Day' : 'Period'}</th>
                <th scope="col">Engagements</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.label}>
                  <th scope="row">{point.label}</th>
                  <td>{formatCount(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Panel>
  );
}

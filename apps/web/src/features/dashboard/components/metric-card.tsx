import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { InfoTooltip } from '../../../components/ui/info-tooltip';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Skeleton } from '../../../components/ui/spinner';
import { formatTrend } from '../../../lib/format';
import { isPositiveTrend, type MetricCardModel } from '../metrics';

/** docs/product.md, Dashboard · Figures: green with an up arrow at or above 0 ('+' only above 0), red with a down arrow below. */
export function TrendBadge({ trend }: { trend: number }) {
  const positive = isPositiveTrend(trend);
  return (
    <Badge tone={positive ? 'success' : 'danger'}>
      <span aria-hidden="true">{positive ? '↑' : '↓'}</span>
      {formatTrend(trend)}
      <span className="sr-only"> compared with the period before</span>
    </Badge>
  );
}

/** One of the four Key Metrics: title with its explanation, value, trend and progress bar. */
export function MetricCard({ card }: { card: MetricCardModel }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-medium text-slate-600">
          {card.title}
        </h3>
        <InfoTooltip label={`About ${card.title}`}>{card.tooltip}</InfoTooltip>
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-3xl font-bold text-slate-900">{card.value}</p>
        {card.trend !== null && <TrendBadge trend={card.trend} />}
      </div>
      {card.detail && <p className="-mt-2 text-sm text-slate-500">{card.detail}</p>}
      <ProgressBar value={card.progress} max={100} label={`${card.title} progress`} className="mt-auto" />
    </article>
  );
}

export function MetricCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-8 w-20" />
      <Skeleton className="h-2 w-full" />
    </div>
  );
}

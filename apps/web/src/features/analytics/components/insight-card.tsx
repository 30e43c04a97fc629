import type { Insight } from '@postflow/contract';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { useMarkInsight } from '../api/use-mark-insight';
import { confidencePercent, insightType, priorityBadge } from '../lib/insights';

/** One insight: what was found, what to do, how sure; read cards look quieter, applied ones say so. */
export function InsightCard({ insight, onError }: { insight: Insight; onError: (message: string) => void }) {
  const titleId = useId();
  const mark = useMarkInsight();
  const type = insightType(insight.insight_type);
  const priority = priorityBadge(insight.priority);
  const pending = mark.isPending ? mark.variables.mark : null;

  function send(kind: 'read' | 'applied') {
    mark.mutate({ id: insight.id, mark: kind }, { onError: (error) => onError(`Couldn't update "${insight.title}". ${error.message}`) });
  }

  return (
    <article
      aria-labelledby={titleId}
      data-read={insight.is_read || undefined}
      className={cx(
        'flex flex-col gap-3 rounded-xl p-4 ring-1 ring-inset',
        insight.is_read ? 'bg-slate-50 text-slate-600 ring-slate-200' : 'bg-white text-slate-800 shadow-sm ring-slate-300',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-soft text-brand">
          <type.Icon label={type.label} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className={cx('font-semibold', insight.is_read ? 'text-slate-700' : 'text-slate-900')}>
            {insight.title}
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
            <span className={cx('rounded-full px-2 py-0.5 font-medium ring-1 ring-inset', priority.className)}>{priority.label}</span>
            <span className="text-slate-600">Confidence {confidencePercent(insight.confidence_score)}</span>
            {insight.is_read && <span className="text-slate-500">Read</span>}
          </div>
        </div>
      </div>
      <p className="text-sm">{insight.description}</p>
      <p className="text-sm">
        <span className="font-medium">Recommendation: </span>
        {insight.recommendation}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {!insight.is_read && (
          <Button variant="ghost" size="sm" onClick={() => send('read')} busy={pending === 'read'} disabled={pending !== null}>
            Mark as read<span className="sr-only">: {insight.title}</span>
          </Button>
        )}
        {insight.is_applied ? (
          <span className="text-sm font-medium text-green-700">Applied ✓</span>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => send('applied')} busy={pending === 'applied'} disabled={pending !== null}>
            Mark as applied<span className="sr-only">: {insight.title}</span>
          </Button>
        )}
      </div>
    </article>
  );
}

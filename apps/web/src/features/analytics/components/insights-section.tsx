import type { Insight } from '@postflow/contract';
import { InsightCard } from './insight-card';
import { Panel } from './panel';

/** The insights the server found for this platform; none is a normal answer while history is short. */
export function InsightsSection({ insights, onError }: { insights: readonly Insight[]; onError: (message: string) => void }) {
  return (
    <Panel title="AI insights" description="Patterns Postflow found in your own figures, with what to try next.">
      {insights.length === 0 ? (
        <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
          <p className="font-medium text-slate-800">No insights yet</p>
          <p className="mt-1">
            Insights appear when your figures show a clear pattern, which takes a few weeks of posts. Choose a platform and use Generate AI
            Insights after your next sync.
          </p>
        </div>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {insights.map((insight) => (
            <InsightCard key={insight.id} insight={insight} onError={onError} />
          ))}
        </div>
      )}
    </Panel>
  );
}

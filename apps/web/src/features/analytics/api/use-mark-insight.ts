import type { Insight, RouteResponse, analyticsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { analyticsKeys } from './keys';

type Summary = RouteResponse<typeof analyticsRoutes.summary>;
export type InsightMark = 'read' | 'applied';

/**
 * POST /api/v1/analytics/insights/:id/read or /applied; the insight the server answers with replaces
 * the card's in every cached summary, so the card changes without reloading the page's figures.
 */
export function useMarkInsight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mark }: { id: string; mark: InsightMark }) =>
      apiCall(mark === 'read' ? api.analytics.markRead : api.analytics.markApplied, { params: { id } }),
    onSuccess: ({ insight }) => {
      queryClient.setQueriesData<Summary>({ queryKey: analyticsKeys.summaries }, (summary) =>
        summary
          ? { ...summary, ai_insights: summary.ai_insights.map((current: Insight) => (current.id === insight.id ? insight : current)) }
          : summary,
      );
    },
  });
}

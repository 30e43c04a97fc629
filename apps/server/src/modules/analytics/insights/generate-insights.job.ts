import { z } from 'zod';
import { defineJob } from '../../../jobs/job';

export const generateInsightsJob = defineJob({
  name: 'generate-insights',
  schema: z.object({ workspaceId: z.uuid(), platform: z.enum(['all', 'x', 'linkedin']) }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
});

export function createGenerateInsightsHandler(deps: {
  generate(workspaceId: string, platform: 'all' | 'x' | 'linkedin'): Promise<unknown>;
}) {
  return async ({ workspaceId, platform }: z.output<typeof generateInsightsJob.schema>): Promise<void> => {
    await deps.generate(workspaceId, platform);
  };
}

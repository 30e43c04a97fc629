import { z } from 'zod';
import { defineJob } from '../../../jobs/job';

export const generateInsightsJob = defineJob({
  name: 'generate-insights',
  schema: z.object({ userId: z.uuid(), platform: z.enum(['all', 'x', 'linkedin']) }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
});

export function createGenerateInsightsHandler(deps: { generate(userId: string, platform: 'all' | 'x' | 'linkedin'): Promise<unknown> }) {
  return async ({ userId, platform }: z.output<typeof generateInsightsJob.schema>): Promise<void> => {
    await deps.generate(userId, platform);
  };
}

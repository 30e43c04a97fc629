import { z } from 'zod';
import { defineJob } from '../../../jobs/job';

export const generateInsightsJob = defineJob({
  name: 'generate-insights',
  // The zone of the person who asked (docs/decisions/145-person-time-zone.md); jobs queued before it existed count in UTC.
  schema: z.object({ workspaceId: z.uuid(), platform: z.enum(['all', 'x', 'linkedin']), timeZone: z.string().default('UTC') }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
});

export function createGenerateInsightsHandler(deps: {
  generate(workspaceId: string, platform: 'all' | 'x' | 'linkedin', timeZone: string): Promise<unknown>;
}) {
  return async ({ workspaceId, platform, timeZone }: z.output<typeof generateInsightsJob.schema>): Promise<void> => {
    await deps.generate(workspaceId, platform, timeZone);
  };
}

import type { EnhanceRequest, EnhanceResponse, Network } from '@postflow/contract';
import type { AiEngine } from '../../ai/ai-engine';
import { specFallback } from '../../ai/create-ai-engine';
import type { Log } from '../../lib/logger';

/**
 * The wizard's tailoring (docs/product.md, Composer · Enhance): one version per network from the
 * AI engine, told the workspace's best-performing hashtags on that network so a post about one of
 * them may carry it (docs/ai.md, Hashtags).
 */
export function createEnhanceService(deps: {
  ai: AiEngine;
  bestHashtags: (workspaceId: string, network: Network) => Promise<string[]>;
  log: Log;
}) {
  return {
    async enhance(workspaceId: string, request: EnhanceRequest): Promise<EnhanceResponse> {
      return Promise.all(
        request.platforms.map(async (platform) => {
          try {
            const bestHashtags = await deps.bestHashtags(workspaceId, platform);
            const { text, thread } = await deps.ai.enhance({
              platform,
              text: request.text,
              tags: request.tags,
              bestHashtags,
              ...(request.variant !== undefined ? { variant: request.variant } : {}),
            });
            return { platform, enhanced: text, ...(thread ? { thread } : {}) };
          } catch (error) {
            // The documented fallback (docs/product.md, Composer · Enhance): the original text, X cut to 277 characters and '...'.
            deps.log.error({ err: error, platform }, 'AI enhancement failed; answering the original text');
            return { platform, enhanced: specFallback(platform, request.text) };
          }
        }),
      );
    },
  };
}
export type EnhanceService = ReturnType<typeof createEnhanceService>;

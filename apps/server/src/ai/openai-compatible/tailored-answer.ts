import type { Network } from '@postflow/contract';
import { AiUnavailable, type EnhanceResult } from '../ai-engine';
import { checkTailoring } from '../tailoring/check-tailoring';
import type { HashtagSources } from '../tailoring/hashtag-evidence';
import { repairHashtags } from '../tailoring/repair-hashtags';
import { threadProposal } from '../tailoring/thread-proposal';

const NETWORK_NAMES: Record<Network, string> = { x: 'X', linkedin: 'LinkedIn' };

/**
 * A model's tailored post, held to the rules both engines keep (docs/ai.md): hashtags repaired,
 * then checked with `checkTailoring`. A thread is offered only when the text does not fit one post;
 * the model's own is used when it passes, else the text split as the built-in engine splits it. An
 * answer that still breaks a hard rule (too long, cut, a link, mention or closing question lost,
 * a figure invented) is refused with `AiUnavailable`, so the built-in engine answers instead.
 */
export function acceptTailoredAnswer(
  original: string,
  answer: { text: string; thread?: string[] | null | undefined },
  network: Network,
  sources: HashtagSources,
  /** Keeps anything secret a model may echo out of the error's detail. */
  scrub: (detail: string) => string,
): EnhanceResult {
  const text = repairHashtags(original, answer.text, network, sources);
  const proposal = network === 'x' ? threadProposal(original) : undefined;
  const own = answer.thread?.map((part) => part.trim()).filter(Boolean);
  const threads = proposal ? [...(own && own.length > 1 ? [own] : []), proposal] : [undefined];
  let failures: string[] = [];
  for (const thread of threads) {
    const output: EnhanceResult = thread ? { text, thread } : { text };
    const { hardFailures } = checkTailoring(original, output, network, sources);
    if (hardFailures.length === 0) return output;
    failures = hardFailures.map((failure) => `${failure.rule}: ${failure.detail ?? ''}`);
  }
  const tooLong = failures.some((failure) => failure.startsWith('length:'));
  throw new AiUnavailable(
    `The AI model's ${NETWORK_NAMES[network]} post breaks the tailoring rules (${failures.map((failure) => failure.split(':')[0]).join(', ')})`,
    tooLong ? 'over_limit' : 'broke_rules',
    { body: scrub(failures.join('; ')) },
  );
}

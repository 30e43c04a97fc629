import { X_MAX_WEIGHTED_LENGTH, splitIntoThread, xWeightedLength } from '@postflow/contract';
import { normaliseWhitespace, tightenForX } from '../builtin/tighten';

/**
 * The thread both engines propose for X when a text cannot be one post without dropping some of
 * it (docs/decisions/156-ai-tailoring-rules.md): even tightened, it is over 280. The parts are the
 * writer's own words, split by the contract's `splitIntoThread` at their separator lines, then
 * paragraphs, sentences and words. Undefined when the text fits.
 */
export function threadProposal(original: string): string[] | undefined {
  const text = normaliseWhitespace(original);
  if (xWeightedLength(tightenForX(text)) <= X_MAX_WEIGHTED_LENGTH) return undefined;
  const parts = splitIntoThread(text);
  return parts.length >= 2 ? parts : undefined;
}

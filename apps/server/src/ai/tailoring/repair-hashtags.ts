import { extractHashtagsWithIndices, splitTrailingHashtags, type Network } from '@postflow/contract';
import { hashtagKey } from '../text-rules';
import { hashtagEvidence, type HashtagSources } from './hashtag-evidence';

const MOST_ADDED: Record<Network, number> = { x: 2, linkedin: 5 };

/**
 * A model's post with its hashtags brought within the rules (docs/ai.md, Hashtags): a repeated
 * tag, one the text gives no reason for, and any beyond the network's count are taken out. A tag
 * in the closing tag line is removed; one inside a sentence keeps its word and loses its '#', so
 * the sentence still reads.
 */
export function repairHashtags(original: string, text: string, network: Network, sources: HashtagSources = {}): string {
  const originalKeys = new Set(extractHashtagsWithIndices(original).map(({ tag }) => hashtagKey(tag)));
  const tagLineStart = splitTrailingHashtags(text).body.length;
  const seen = new Set<string>();
  let added = 0;
  let total = 0;
  const most = Math.max(network === 'x' ? 2 : 5, originalKeys.size);
  const drop: { start: number; end: number; inLine: boolean }[] = [];
  for (const { tag, start, end } of extractHashtagsWithIndices(text)) {
    const key = hashtagKey(tag);
    const own = originalKeys.has(key);
    const keep =
      !seen.has(key) && total < most && (own || (added < MOST_ADDED[network] && hashtagEvidence(tag, original, sources) !== undefined));
    if (keep) {
      seen.add(key);
      total++;
      if (!own) added++;
    } else {
      drop.push({ start, end, inLine: start >= tagLineStart });
    }
  }
  let out = text;
  for (const { start, end, inLine } of drop.reverse()) {
    out = inLine ? `${out.slice(0, start)}${out.slice(end)}` : `${out.slice(0, start)}${out.slice(start + 1, end)}${out.slice(end)}`;
  }
  return out
    .replace(/[^\S\n]{2,}/gu, ' ')
    .replace(/[^\S\n]+$/gmu, '')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

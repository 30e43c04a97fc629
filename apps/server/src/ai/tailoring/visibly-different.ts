import { splitTrailingHashtags } from '@postflow/contract';

/**
 * Whether a writer would see two versions as different (docs/ai.md, Regenerate): another opening
 * line, another shape (lines or paragraphs), or at least two words replaced (three added or
 * dropped). Spacing, a single word and the hashtags alone do not count.
 */
export function visiblyDifferent(a: string, b: string): boolean {
  const bodyA = splitTrailingHashtags(a).body.trim();
  const bodyB = splitTrailingHashtags(b).body.trim();
  const linesA = bodyA.split(/\n+/u);
  const linesB = bodyB.split(/\n+/u);
  if (words(linesA[0] ?? '').join(' ') !== words(linesB[0] ?? '').join(' ')) return true;
  // The shape: how many words each line or paragraph holds.
  const shape = (lines: string[]) => lines.map((line) => words(line).length).join(',');
  if (shape(linesA) !== shape(linesB)) return true;
  const counts = new Map<string, number>();
  for (const word of words(bodyA)) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const word of words(bodyB)) counts.set(word, (counts.get(word) ?? 0) - 1);
  let changed = 0;
  for (const count of counts.values()) changed += Math.abs(count);
  return changed >= 3;
}

/** Words as a reader sees them: '#Newsletter' written into a sentence still reads "newsletter". */
function words(text: string): string[] {
  return text.toLowerCase().replace(/[#＃]/gu, '').split(/\s+/u).filter(Boolean);
}

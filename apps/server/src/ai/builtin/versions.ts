import { visiblyDifferent } from '../tailoring/visibly-different';

/** One way to write a version; undefined when it does not apply to this text. */
export type Recipe = () => string | undefined;

/**
 * Regenerate's versions (docs/ai.md, Regenerate): the recipes' texts that pass the hard rules, each
 * kept only if it reads visibly differently from every earlier one; `variant` picks among them,
 * wrapping around. The same text and variant always give the same version, so going back to an
 * earlier variant shows the earlier version again. Undefined when no recipe passes.
 */
export function pickVersion(recipes: readonly Recipe[], passes: (text: string) => boolean, variant: number): string | undefined {
  const versions: string[] = [];
  for (const recipe of recipes) {
    const text = recipe();
    if (text === undefined || !text.trim() || !passes(text)) continue;
    if (versions.every((earlier) => visiblyDifferent(earlier, text))) versions.push(text);
    // Only as many versions as needed to answer this variant without wrapping are built.
    if (versions.length > variant) break;
  }
  return versions.length === 0 ? undefined : versions[variant % versions.length];
}

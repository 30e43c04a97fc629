import type { InsightFinding, InsightWording } from '../ai-engine';

const LIMITS = { title: 100, description: 600, recommendation: 400 } as const;

/** Numbers as written ("1,204", "3.5", "09:00" gives 09 and 00), without separators. */
function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,]*(?:\.\d+)?/gu) ?? []).map((number) => number.replace(/,/gu, '').replace(/\.0+$/u, ''));
}

/** Every number the statistics could be quoted with: the template's words and the evidence's values. */
function knownNumbers(finding: InsightFinding): Set<string> {
  const known = new Set(numbersIn(`${finding.title} ${finding.description} ${finding.recommendation}`));
  for (const value of Object.values(finding.evidence)) {
    if (typeof value === 'number') {
      for (const form of [value, Math.round(value), Math.round(value * 10) / 10, Math.round(value * 100), Math.round(value * 1000) / 10]) known.add(String(form));
    } else if (typeof value === 'string') {
      for (const number of numbersIn(value)) known.add(number);
    }
  }
  return known;
}

/**
 * The model's wording of one finding when it can be shown as a fact: every field present and of
 * a dashboard's length, and no number in it that the finding does not hold. A model that invents
 * or rounds a figure wrongly would have the dashboard state something untrue, so that finding
 * keeps the statistics' own words instead.
 */
export function acceptWording(finding: InsightFinding, proposed: InsightWording | undefined): InsightWording {
  const own = { title: finding.title, description: finding.description, recommendation: finding.recommendation };
  if (!proposed) return own;
  const wording = { title: proposed.title.trim(), description: proposed.description.trim(), recommendation: proposed.recommendation.trim() };
  const fits = (Object.keys(LIMITS) as Array<keyof typeof LIMITS>).every((field) => wording[field].length > 0 && wording[field].length <= LIMITS[field]);
  if (!fits) return own;
  const known = knownNumbers(finding);
  const invented = numbersIn(`${wording.title} ${wording.description} ${wording.recommendation}`).some((number) => !known.has(number));
  return invented ? own : wording;
}

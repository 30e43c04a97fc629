import type { InsightFinding, InsightWording } from '../ai-engine';

const LIMITS = { title: 100, description: 600, recommendation: 400 } as const;

type Kind = 'percent' | 'plain';

/** A figure as written: its value, whether it is a percentage, and how precisely it was written. */
interface Figure {
  value: number;
  kind: Kind;
  /** Half the last written digit: "3.4" stands for 3.35–3.45, "1.2k" for 1150–1250. */
  tolerance: number;
}

// "1,204", "3.42%", "1.2k", "09:00" (read as 9 and 0), "1.42×".
const FIGURE = /(\d[\d,]*(?:\.\d+)?)(\s*[kK]\b)?(\s*%)?/gu;

function figuresIn(text: string): Figure[] {
  return [...text.matchAll(FIGURE)].map((match) => {
    const digits = (match[1] as string).replace(/,/gu, '');
    const decimals = digits.includes('.') ? (digits.split('.')[1] as string).length : 0;
    const scale = match[2] ? 1000 : 1;
    return { value: Number(digits) * scale, kind: match[3] ? 'percent' : 'plain', tolerance: (0.5 * scale) / 10 ** decimals };
  });
}

/**
 * Every value the finding lets a wording state, and as what: the figures of its own sentences, a
 * multiplier also as the difference it makes ("1.42×" is "42% more", "0.70×" is "30% less"), a
 * clock time also as its hour on a 12-hour clock ("14:00" is "2 PM"), and the counts and percentages
 * of its evidence. A rate is never read as a count or the other way round.
 */
function allowedValues(finding: InsightFinding): Record<Kind, number[]> {
  const sentences = `${finding.title} ${finding.description} ${finding.recommendation}`;
  const allowed: Record<Kind, number[]> = { percent: [], plain: [] };
  for (const figure of figuresIn(sentences)) allowed[figure.kind].push(figure.value);
  for (const match of sentences.matchAll(/(\d+(?:\.\d+)?)×/gu)) {
    const lift = Number(match[1]);
    allowed.percent.push(Math.abs(lift - 1) * 100);
  }
  for (const match of sentences.matchAll(/\b(\d{1,2}):(\d{2})\b/gu)) {
    const hour = Number(match[1]);
    allowed.plain.push(hour % 12 === 0 ? 12 : hour % 12);
  }
  for (const [key, value] of Object.entries(finding.evidence)) {
    if (typeof value !== 'number') continue;
    if (key.endsWith('_percent')) allowed.percent.push(value);
    else if (Number.isInteger(value)) allowed.plain.push(value);
  }
  return allowed;
}

/**
 * The model's wording of one finding when it can be shown as a fact: every field present and of a
 * dashboard's length, and every figure in it one the finding holds, rounded as written. A model that
 * invents, swaps or misreads a figure ("142% more" for 1.42×) would have the dashboard state
 * something untrue about the person's account, so that finding keeps the statistics' own words.
 */
export function acceptWording(finding: InsightFinding, proposed: InsightWording | undefined): InsightWording {
  const own = { title: finding.title, description: finding.description, recommendation: finding.recommendation };
  if (!proposed) return own;
  const wording = {
    title: proposed.title.trim(),
    description: proposed.description.trim(),
    recommendation: proposed.recommendation.trim(),
  };
  const fits = (Object.keys(LIMITS) as Array<keyof typeof LIMITS>).every(
    (field) => wording[field].length > 0 && wording[field].length <= LIMITS[field],
  );
  if (!fits) return own;
  const allowed = allowedValues(finding);
  const truthful = figuresIn(`${wording.title} ${wording.description} ${wording.recommendation}`).every((figure) =>
    allowed[figure.kind].some((value) => Math.abs(value - figure.value) <= figure.tolerance + 1e-9),
  );
  return truthful ? wording : own;
}

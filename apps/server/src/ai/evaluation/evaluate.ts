import { networks, type Network } from '@postflow/contract';
import type { AiEngine, EnhanceResult } from '../ai-engine';
import { HARD_RULES, SOFT_RULES, tailoringCheck, type TailoringReport, type TailoringRule } from '../tailoring/check-tailoring';
import type { HashtagSources } from '../tailoring/hashtag-evidence';
import { sentencesOf } from '../tailoring/text-facts';
import { visiblyDifferent } from '../tailoring/visibly-different';
import { EVALUATION_TEXTS, type EvaluationText } from './texts';

/** The person's best-performing hashtags the evaluation passes with every text: some texts are about them, most are not. */
export const EVALUATION_BEST_HASHTAGS = ['#Newsletter', '#SmallBusiness', '#Design', '#RemoteWork', '#Marketing'];
export const EVALUATION_VARIANTS = [0, 1, 2] as const;
/** Regenerate is measured on texts with at least this many sentences. */
export const MIN_SENTENCES_TO_VARY = 3;

/** Rules measured across a text's versions rather than on one. */
export const VERSION_RULES = ['regenerate_differs', 'regenerate_returns'] as const;
export type EvaluatedRule = TailoringRule | (typeof VERSION_RULES)[number];

export interface Tally {
  rule: EvaluatedRule;
  hard: boolean;
  passed: number;
  total: number;
  /** A few failures, for the test's message. */
  examples: string[];
}

export interface Evaluated {
  text: EvaluationText;
  network: Network;
  variant: number;
  output: EnhanceResult;
  report: TailoringReport;
}

export interface Evaluation {
  tallies: Map<EvaluatedRule, Tally>;
  outputs: Evaluated[];
}

const sources: HashtagSources = { tags: [], bestHashtags: EVALUATION_BEST_HASHTAGS };

/** The hard rules, and for the built-in engine the promise that going back gives the earlier version. */
const isHardRule = (rule: EvaluatedRule) => (HARD_RULES as readonly string[]).includes(rule) || rule === 'regenerate_returns';

function newTallies(): Map<EvaluatedRule, Tally> {
  const tallies = new Map<EvaluatedRule, Tally>();
  for (const rule of [...HARD_RULES, ...SOFT_RULES, ...VERSION_RULES])
    tallies.set(rule, { rule, hard: isHardRule(rule), passed: 0, total: 0, examples: [] });
  return tallies;
}

function count(tallies: Map<EvaluatedRule, Tally>, rule: EvaluatedRule, passed: boolean, example: string) {
  const tally = tallies.get(rule);
  if (!tally) return;
  tally.total++;
  if (passed) tally.passed++;
  else if (tally.examples.length < 3) tally.examples.push(example);
}

/** Every rule checked on one output. */
export function tallyReport(tallies: Map<EvaluatedRule, Tally>, report: TailoringReport, label: string) {
  for (const result of report.results) count(tallies, result.rule, result.passed, `${label}: ${result.detail ?? ''}`);
}

/**
 * Runs `engine` over every evaluation text, for both networks and each of the first three
 * variants, and checks every rule on every output. With `deterministic`, each variant is asked for
 * again to check that going back gives the earlier version.
 */
export async function evaluate(engine: AiEngine, options: { deterministic: boolean }): Promise<Evaluation> {
  const tallies = newTallies();
  const outputs: Evaluated[] = [];
  for (const text of EVALUATION_TEXTS) {
    for (const network of networks) {
      const check = tailoringCheck(text.text, network, sources);
      const versions: EnhanceResult[] = [];
      for (const variant of EVALUATION_VARIANTS) {
        const output = await engine.enhance({
          platform: network,
          text: text.text,
          tags: [],
          variant,
          bestHashtags: EVALUATION_BEST_HASHTAGS,
        });
        const report = check(output);
        tallyReport(tallies, report, `${text.id} ${network} v${variant}`);
        outputs.push({ text, network, variant, output, report });
        versions.push(output);
      }
      const label = `${text.id} ${network}`;
      const differ = versions.every((version, index) =>
        versions.slice(0, index).every((earlier) => visiblyDifferent(earlier.text, version.text)),
      );
      // A text of one or two sentences has no other faithful version to give: it is not counted.
      if (sentencesOf(text.text).length >= MIN_SENTENCES_TO_VARY) count(tallies, 'regenerate_differs', differ, label);
      if (options.deterministic) {
        const again = await engine.enhance({
          platform: network,
          text: text.text,
          tags: [],
          variant: 1,
          bestHashtags: EVALUATION_BEST_HASHTAGS,
        });
        count(tallies, 'regenerate_returns', JSON.stringify(again) === JSON.stringify(versions[1]), label);
      }
    }
  }
  return { tallies, outputs };
}

/** Rules checked on answers as a model gave them, before any repair. */
export function evaluateAnswers(
  answers: readonly { original: string; network: Network; answer: EnhanceResult }[],
): Map<EvaluatedRule, Tally> {
  const tallies = newTallies();
  answers.forEach(({ original, network, answer }, index) =>
    tallyReport(tallies, tailoringCheck(original, network, sources)(answer), `answer ${index + 1} (${network})`),
  );
  return tallies;
}

const percent = (tally: Tally | undefined) =>
  !tally || tally.total === 0 ? '–' : `${((100 * tally.passed) / tally.total).toFixed(1)}% (${tally.passed}/${tally.total})`;

/** The pass rate per rule, one column per evaluation, as the Markdown table docs/ai.md shows. */
export function passRateTable(columns: readonly { title: string; tallies: Map<EvaluatedRule, Tally> }[]): string {
  const rules = [...HARD_RULES, ...SOFT_RULES, ...VERSION_RULES];
  const header = `| Rule | Kind | ${columns.map((column) => column.title).join(' | ')} |`;
  const divider = `|---|---|${columns.map(() => '---|').join('')}`;
  const rows = rules.map((rule) => {
    const kind = isHardRule(rule) ? 'hard' : 'aim';
    return `| \`${rule}\` | ${kind} | ${columns.map((column) => percent(column.tallies.get(rule))).join(' | ')} |`;
  });
  return [header, divider, ...rows].join('\n');
}

import { describe, expect, it } from 'vitest';
import type { AiEngine } from '../ai-engine';
import { createBuiltinAiEngine } from '../builtin/builtin-engine';
import { withFallback } from '../create-ai-engine';
import { createOpenAiCompatibleEngine } from '../openai-compatible/openai-compatible-engine';
import { EVALUATION_VARIANTS, evaluate, evaluateAnswers, passRateTable, type Tally } from './evaluate';
import { startFakeModel } from './fake-model';
import { EVALUATION_TEXTS } from './texts';

const hardFailures = (tallies: Map<string, Tally>) =>
  [...tallies.values()]
    .filter((tally) => tally.hard && tally.passed < tally.total)
    .map((tally) => `${tally.rule}: ${tally.examples.join(' | ')}`);

describe('AI tailoring evaluation (docs/ai.md)', () => {
  it('has at least 40 texts of many lengths, with Japanese, Chinese, Arabic, Russian and Hindi among them', () => {
    expect(EVALUATION_TEXTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(EVALUATION_TEXTS.map((text) => text.id)).size).toBe(EVALUATION_TEXTS.length);
    for (const language of ['ja', 'zh', 'ar', 'ru', 'hi'])
      expect(
        EVALUATION_TEXTS.some((text) => text.language === language),
        language,
      ).toBe(true);
    const lengths = EVALUATION_TEXTS.map((text) => text.text.length);
    expect(Math.min(...lengths)).toBeLessThan(40);
    expect(Math.max(...lengths)).toBeGreaterThan(900);
    for (const length of lengths) expect(length).toBeLessThanOrEqual(2000);
  });

  it('keeps every hard rule on every version from both engines, repairing or replacing the model answers that break one', async () => {
    const builtin = createBuiltinAiEngine();
    const model = await startFakeModel();
    try {
      const fellBack: boolean[] = [];
      let fallbacks = 0;
      const remote = withFallback(
        createOpenAiCompatibleEngine({ baseUrl: model.baseUrl, apiKey: 'evaluation-key', model: 'fake', timeoutMs: 10_000 }),
        builtin,
        { onFallback: () => fallbacks++ },
      );
      const recording: AiEngine = {
        ...remote,
        async enhance(request) {
          const before = fallbacks;
          const output = await remote.enhance(request);
          fellBack.push(fallbacks > before);
          return output;
        },
      };

      const local = await evaluate(builtin, { deterministic: true });
      const configured = await evaluate(recording, { deterministic: false });
      const raw = evaluateAnswers(model.answers);
      console.log(
        `${passRateTable([
          { title: 'Built-in engine', tallies: local.tallies },
          { title: 'Model answers as given', tallies: raw },
          { title: 'Model engine, after the checks', tallies: configured.tallies },
        ])}\n\nModel answers: ${model.answers.length}; replaced by the built-in engine: ${fallbacks}.`,
      );

      expect(hardFailures(local.tallies)).toEqual([]);
      expect(hardFailures(configured.tallies)).toEqual([]);
      expect(local.tallies.get('regenerate_returns')?.total).toBeGreaterThan(0);

      // The fake model did break rules, and the checks caught each broken answer: those that could
      // not be repaired were answered by the built-in engine.
      expect(hardFailures(raw).length).toBeGreaterThan(0);
      expect(model.answers).toHaveLength(EVALUATION_TEXTS.length * 2 * EVALUATION_VARIANTS.length);
      const broken = model.answers.map((answer) => evaluateAnswers([answer]));
      const repaired = broken.filter((tallies, index) => hardFailures(tallies).length > 0 && !fellBack[index]);
      expect(fallbacks).toBeGreaterThan(0);
      expect(repaired.length).toBeGreaterThan(0);
      // A model answer that keeps the rules is used as it is, not replaced.
      const good = model.answers.findIndex(
        (answer, index) => answer.fault === 'none' && hardFailures(broken[index] as Map<string, Tally>).length === 0,
      );
      expect(fellBack[good]).toBe(false);
    } finally {
      await model.close();
    }
  }, 600_000);
});

import { X_MAX_WEIGHTED_LENGTH, extractHashtags, extractUrlsWithIndices, splitTrailingHashtags, xWeightedLength } from '@postflow/contract';
import type { EnhanceResult } from '../ai-engine';
import { tailoringCheck } from '../tailoring/check-tailoring';
import { closingOf } from '../tailoring/closing';
import type { HashtagSources } from '../tailoring/hashtag-evidence';
import { threadProposal } from '../tailoring/thread-proposal';
import { hashtagKey } from '../text-rules';
import type { Term } from './nlp';
import { chooseUnits, isWhole, unitsOf, type Unit } from './summarise';
import { HAND_SEPARATOR_LINE } from './sentences';
import { condense, tightenForX } from './tighten';
import { pickVersion, type Recipe } from './versions';
import { rotate } from './variation';

const LIMIT = X_MAX_WEIGHTED_LENGTH;
const MAX_ADDED_TAGS = 2;

export interface XInput {
  text: string;
  variant: number;
  /** Hashtags the text supports, best first, already held to the rules (docs/ai.md, Hashtags). */
  hashtags: string[];
  terms: readonly Term[];
  sources: HashtagSources;
}

type Wording = 'plain' | 'condensed';
type Layout = 'block' | 'lines';

interface XRecipe {
  /**
   * Which choice of sentences. Shortened: the best, one without the best optional sentence, one
   * without the opening. Whole: all (twice), then without its weakest sentence or two.
   */
  choice: 0 | 1 | 2;
  wording: Wording;
  layout: Layout;
  /** Added hashtags at the end, or the first one written into the sentence that names it. */
  tags: 'end' | 'inline';
}

// Neighbouring versions differ in at least two of these, so each regenerate reads differently.
const RECIPES: readonly XRecipe[] = [
  { choice: 0, wording: 'plain', layout: 'block', tags: 'end' },
  { choice: 1, wording: 'condensed', layout: 'block', tags: 'inline' },
  { choice: 2, wording: 'plain', layout: 'lines', tags: 'end' },
  { choice: 0, wording: 'condensed', layout: 'lines', tags: 'inline' },
  { choice: 1, wording: 'plain', layout: 'lines', tags: 'end' },
  { choice: 2, wording: 'condensed', layout: 'block', tags: 'end' },
];

/** Chinese and Japanese sentences follow each other without a space. */
function joinSentences(parts: readonly string[]): string {
  return parts.reduce((text, part) => (!text ? part : /[。！？]$/u.test(text) ? `${text}${part}` : `${text} ${part}`), '');
}

function compose(units: readonly Unit[], layout: Layout): string {
  if (layout === 'lines') return units.map((unit) => unit.text).join('\n');
  const blocks = new Map<number, string[]>();
  for (const unit of units) blocks.set(unit.block, [...(blocks.get(unit.block) ?? []), unit.text]);
  return [...blocks.values()].map(joinSentences).join('\n');
}

/** Replaces the first plain mention of a hashtag's words ("small businesses") with the hashtag, outside links. */
function inlineTag(text: string, tag: string): string | undefined {
  const words = tag.slice(1).split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u);
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_#＃@])${escaped.join('\\s+')}(?![\\p{L}\\p{M}\\p{N}_])`, 'iu');
  const urls = extractUrlsWithIndices(text);
  const found = pattern.exec(text);
  if (!found || urls.some((url) => found.index < url.end && found.index + found[0].length > url.start)) return undefined;
  return `${text.slice(0, found.index)}${tag}${text.slice(found.index + found[0].length)}`;
}

/** `main`, then the tags that fit after it (a space after one block, a blank line after lines). */
function withTags(main: string, tags: readonly string[], layout: Layout): string {
  let out = main;
  const separator = layout === 'block' ? ' ' : '\n\n';
  let line = '';
  for (const tag of tags) {
    const nextLine = line ? `${line} ${tag}` : tag;
    if (xWeightedLength(`${main}${separator}${nextLine}`) > LIMIT) continue;
    line = nextLine;
    out = `${main}${separator}${line}`;
  }
  return out;
}

/**
 * The built-in X version of a text (docs/ai.md): the whole text, tightened, when it fits 280;
 * otherwise an extractive summary that keeps whole sentences (the closing question or call to
 * action, links and mentions first), and a thread of the whole text proposed beside it. Never cut.
 * Each variant is another version: other sentences, wording, lines or hashtags.
 */
export function enhanceForX({ text, variant, hashtags, terms, sources }: XInput): EnhanceResult {
  // The writer's thread separators mean nothing in one post.
  const tightened = tightenForX(text.replace(HAND_SEPARATOR_LINE, ''));
  if (!tightened) return { text: '' };
  const thread = threadProposal(text);
  const { body, tags: ownTrailing } = splitTrailingHashtags(tightened);
  const wordings: Record<Wording, Unit[]> = {
    plain: unitsOf(body.split('\n'), terms, closingOf(body)),
    condensed: unitsOf(condense(body).split('\n'), terms, closingOf(condense(body))),
  };
  const originalTags = new Set(extractHashtags(text).map(hashtagKey));
  const roomForTags = Math.max(MAX_ADDED_TAGS, originalTags.size);

  const memo = new Map<string, Unit[][]>();
  const choices = (units: Unit[], layout: Layout): Unit[][] => {
    const key = `${units === wordings.plain ? 'plain' : 'condensed'} ${layout}`;
    const known = memo.get(key);
    if (known) return known;
    const made = chooseThree(units, layout);
    memo.set(key, made);
    return made;
  };
  const chooseThree = (units: Unit[], layout: Layout): Unit[][] => {
    const fits = (chosen: Unit[]) => xWeightedLength(compose(chosen, layout)) <= LIMIT;
    const best = chooseUnits(units, fits, new Set(), LIMIT);
    if (best.length === 0) return [best];
    if (isWhole(best, units)) {
      // The whole text fits: other versions leave out its least informative sentences, never its
      // opening, and only from a text long enough to keep its point without them.
      const weakest = units.filter((unit) => !unit.must && unit.index > 0).sort((a, b) => a.score - b.score || b.index - a.index);
      const without = (count: number) => units.filter((unit) => !weakest.slice(0, count).includes(unit));
      // The first two choices keep everything, so the first regenerate rewords before it leaves anything out.
      const shorter = units.length >= 3 && weakest.length >= 1 ? [without(1)] : [];
      return [best, best, ...shorter, ...(units.length >= 5 && weakest.length >= 2 ? [without(2)] : shorter)];
    }
    const firstOptional = best.filter((unit) => !unit.must && unit.index > 0).sort((a, b) => b.score - a.score)[0];
    const withoutBest = firstOptional ? chooseUnits(units, fits, new Set([firstOptional.index]), LIMIT) : best;
    const opening = units[0];
    const withoutOpening = opening && !opening.must ? chooseUnits(units, fits, new Set([opening.index]), LIMIT) : best;
    return [best, withoutBest.length > 0 ? withoutBest : best, withoutOpening.length > 0 ? withoutOpening : best];
  };

  const build = ({ choice, wording, layout, tags: tagStyle }: XRecipe, round: number): string | undefined => {
    const options = choices(wordings[wording], layout);
    const chosen = options[choice % options.length] ?? [];
    if (chosen.length === 0) return undefined;
    let main = compose(chosen, layout);
    const present = new Set(extractHashtags(main).map(hashtagKey));
    const trailing = ownTrailing.filter((tag) => !present.has(hashtagKey(tag)));
    const taken = new Set([...present, ...trailing.map(hashtagKey), ...originalTags]);
    const wanted = Math.min(MAX_ADDED_TAGS, Math.max(0, roomForTags - present.size - trailing.length));
    const extras = rotate(hashtags.filter((tag) => !taken.has(hashtagKey(tag))).slice(0, 4), round).slice(0, wanted);
    let appended = extras;
    if (tagStyle === 'inline') {
      for (const tag of extras) {
        const inlined = inlineTag(main, tag);
        if (inlined === undefined || xWeightedLength(inlined) > LIMIT) continue;
        main = inlined;
        appended = extras.filter((extra) => extra !== tag);
        break;
      }
    }
    return withTags(main, [...trailing, ...appended], layout);
  };

  const recipes: Recipe[] = Array.from(
    { length: RECIPES.length * 2 },
    (_, index) => () => build(RECIPES[index % RECIPES.length] as XRecipe, index),
  );
  const check = tailoringCheck(text, 'x', sources);
  const passes = (candidate: string) => check({ text: candidate, ...(thread ? { thread } : {}) }).hardFailures.length === 0;
  const chosen = pickVersion(recipes, passes, variant);
  if (chosen !== undefined) return { text: chosen, ...(thread ? { thread } : {}) };
  // No sentence of the text fits in one post: the thread is the version, its first part the post.
  if (thread) return { text: thread[0] as string, thread };
  return { text: tightened };
}

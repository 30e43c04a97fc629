import { LINKEDIN_MAX_LENGTH, extractHashtags, linkedInLength, splitTrailingHashtags } from '@postflow/contract';
import type { EnhanceResult } from '../ai-engine';
import { LINKEDIN_HOOK_MAX, tailoringCheck } from '../tailoring/check-tailoring';
import { closingOf } from '../tailoring/closing';
import type { HashtagSources } from '../tailoring/hashtag-evidence';
import { namesOf, numbersOf } from '../tailoring/text-facts';
import { hashtagKey } from '../text-rules';
import type { Term } from './nlp';
import { HAND_SEPARATOR_LINE, capitalise, isList } from './sentences';
import { chooseUnits, unitsOf, type Unit } from './summarise';
import { condense, tightenWording } from './tighten';
import { hashText, pick, rotate } from './variation';
import { pickVersion, type Recipe } from './versions';

const MIN_TAGS = 3;
const MAX_TAGS = 5;
const LONG_SENTENCE = 200;
const PAIR_MAX = 320;
// A hook split at a colon must still say something on its own.
const HOOK_MIN = 20;
// Sentences that lean on the one before them make poor openings ("It saved us 4 hours.").
const LEANS_ON_CONTEXT = /^(?:it|its|this|that|these|those|they|their|he|she|there|then|also|and|but|so|which|the other|others)\b/iu;

export interface LinkedInInput {
  text: string;
  variant: number;
  /** Hashtags the text supports, best first, already held to the rules (docs/ai.md, Hashtags). */
  hashtags: string[];
  terms: readonly Term[];
  /** The text's main topic as it reads mid-sentence ("small businesses"), when it has a clear one. */
  keyPhrase: string | undefined;
  sources: HashtagSources;
}

const QUESTION_HOOKS: [(topic: string) => string, ...((topic: string) => string)[]] = [
  (topic) => `Are you thinking about ${topic} the right way?`,
  (topic) => `What's your take on ${topic}?`,
  (topic) => `Ever wondered what's next for ${topic}?`,
];
const STATEMENT_HOOKS: [(topic: string) => string, ...((topic: string) => string)[]] = [
  (topic) => `A quick update on ${topic}.`,
  (topic) => `Let's talk about ${topic}.`,
  (topic) => `${capitalise(topic)}: here's what's new.`,
  (topic) => `Something worth knowing about ${topic}.`,
];

/** The first line, and what it takes from the body: a sentence moved up, or the head of the first sentence. */
interface Hook {
  line: string;
  moves?: number;
  /** The rest of the first sentence, when the hook is its head up to a colon. */
  rest?: string;
}

function hooksFor(units: readonly Unit[], keyPhrase: string | undefined, seed: number): Hook[] {
  const hooks: Hook[] = [];
  const first = units[0];
  if (first && !isList(first.text)) {
    if ([...first.text].length <= LINKEDIN_HOOK_MAX) hooks.push({ line: first.text, moves: first.index });
    else {
      const colon = /^([^\n]{20,}?:)\s+(\S[\s\S]*)$/u.exec(first.text);
      const head = colon?.[1];
      if (head && [...head].length <= LINKEDIN_HOOK_MAX && [...head].length >= HOOK_MIN && !/https?:$/iu.test(head))
        hooks.push({ line: head, rest: capitalise(colon[2] as string) });
    }
  }
  const data = units
    .filter(
      (unit) =>
        unit.index > 0 &&
        !unit.must &&
        !isList(unit.text) &&
        [...unit.text].length <= LINKEDIN_HOOK_MAX &&
        !LEANS_ON_CONTEXT.test(unit.text) &&
        numbersOf(unit.text).length + namesOf(unit.text).length > 0,
    )
    .sort((a, b) => b.score - a.score || a.index - b.index)[0];
  if (data) hooks.push({ line: data.text, moves: data.index });
  if (keyPhrase) {
    hooks.push({ line: pick(STATEMENT_HOOKS, seed)(keyPhrase) });
    hooks.push({ line: pick(QUESTION_HOOKS, seed)(keyPhrase) });
  }
  if (hooks.length === 0 && first) hooks.push({ line: first.text, moves: first.index });
  return hooks;
}

/** Sentences of one paragraph grouped into short paragraphs of one or two sentences. */
function shortParagraphs(parts: readonly string[], perParagraph: 1 | 2): string[] {
  const out: string[] = [];
  let current: string[] = [];
  // Chinese and Japanese sentences follow each other without a space.
  const join = (sentences: string[]) =>
    sentences.reduce((text, sentence) => (!text ? sentence : /[。！？]$/u.test(text) ? `${text}${sentence}` : `${text} ${sentence}`), '');
  const flush = () => {
    if (current.length > 0) out.push(join(current));
    current = [];
  };
  for (const sentence of parts) {
    const joined = join([...current, sentence]);
    if (current.length >= perParagraph || sentence.length > LONG_SENTENCE || joined.length > PAIR_MAX || isList(sentence)) flush();
    current.push(sentence);
    if (isList(sentence)) flush();
  }
  flush();
  return out;
}

/** How sentences are grouped: in pairs, one by one, or the first alone and then in pairs. */
type Grouping = 1 | 2 | 'lead';

function paragraphsOf(units: readonly Unit[], grouping: Grouping): string[] {
  const blocks = new Map<number, string[]>();
  for (const unit of units) blocks.set(unit.block, [...(blocks.get(unit.block) ?? []), unit.text]);
  return [...blocks.values()].flatMap((block, index) => {
    if (grouping !== 'lead') return shortParagraphs(block, grouping);
    if (index > 0 || block.length < 2) return shortParagraphs(block, 2);
    return [block[0] as string, ...shortParagraphs(block.slice(1), 2)];
  });
}

function assemble(hook: string, paragraphs: readonly string[], tagLine: string): string {
  return [hook, ...paragraphs, tagLine].filter(Boolean).join('\n\n');
}

/**
 * Every hook with each grouping of sentences, ordered so that each next shape changes both when it
 * can: the first hook in pairs, then another hook in single sentences, and so on.
 */
function shapesFor(hookCount: number): { hook: number; perParagraph: Grouping }[] {
  const left = Array.from({ length: hookCount }, (_, hook) =>
    ([2, 1, 'lead'] as const).map((perParagraph) => ({ hook, perParagraph: perParagraph as Grouping })),
  ).flat();
  const ordered = left.splice(0, 1);
  while (left.length > 0) {
    const last = ordered.at(-1);
    const both = left.findIndex((shape) => shape.hook !== last?.hook && shape.perParagraph !== last?.perParagraph);
    ordered.push(...left.splice(Math.max(0, both), 1));
  }
  return ordered;
}

/**
 * The built-in LinkedIn version of a text (docs/ai.md): a hook on the first line, short enough to
 * show before "see more", then short paragraphs of one or two sentences and 3 to 5 hashtags
 * together at the end. Within 3,000 characters once escaped; a longer text is shortened by leaving
 * out its least informative sentences, never by cutting one. Variants change the hook (the first
 * sentence, a sentence with a figure or a name, a line about the topic), the paragraphs' length,
 * the wording and the hashtags.
 */
export function enhanceForLinkedIn({ text, variant, hashtags, terms, keyPhrase, sources }: LinkedInInput): EnhanceResult {
  // The writer's thread separators (for X) become paragraph breaks.
  const normalised = tightenWording(text.replace(HAND_SEPARATOR_LINE, ''));
  if (!normalised) return { text: '' };
  const { body, tags: ownTrailing } = splitTrailingHashtags(normalised);
  const blocks = body
    .split(/\n{2,}/u)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const seed = hashText(normalised);
  const plainUnits = unitsOf(blocks, terms, closingOf(body));
  const condensedBody = condense(body);
  const condensedUnits = unitsOf(condense(blocks.join('\n\n')).split('\n\n'), terms, closingOf(condensedBody));
  // Hooks are the same choices in both wordings: what differs is how they read.
  const hooks = hooksFor(plainUnits, keyPhrase, seed);
  const hookIn = (units: readonly Unit[], hook: Hook): Hook =>
    hook.moves !== undefined ? { ...hook, line: units[hook.moves]?.text ?? hook.line } : hook;
  const inBody = new Set(extractHashtags(body).map(hashtagKey));
  const most = Math.max(MAX_TAGS, new Set(extractHashtags(normalised).map(hashtagKey)).size);

  const tagLine = (round: number): string => {
    const target = Math.max(MIN_TAGS, Math.min(MAX_TAGS, MIN_TAGS + (round % 3)));
    const chosen: string[] = [];
    const taken = new Set(inBody);
    const add = (tag: string, writers: boolean) => {
      const key = hashtagKey(tag);
      if (taken.has(key) || taken.size >= (writers ? most : Math.max(target, inBody.size))) return;
      taken.add(key);
      chosen.push(tag);
    };
    for (const tag of ownTrailing) add(tag, true);
    for (const tag of rotate(hashtags.slice(0, target + 2), round)) add(tag, false);
    return chosen.join(' ');
  };

  const shapes = shapesFor(hooks.length);
  const build = (round: number): string | undefined => {
    const shape = shapes[round % shapes.length];
    const chosenHook = hooks[shape?.hook ?? 0];
    if (!shape || !chosenHook) return undefined;
    const { perParagraph } = shape;
    // Every shape in both wordings, alternating so that the next version changes as much as it can.
    const condensed = (shapes.length % 2 === 1 ? round : round + Math.floor(round / shapes.length)) % 2 === 1;
    const units = condensed && condensedUnits.length === plainUnits.length ? condensedUnits : plainUnits;
    const hook = hookIn(units, chosenHook);
    const rest = units
      .filter((unit) => unit.index !== hook.moves)
      .map((unit) => (hook.rest !== undefined && unit.index === 0 ? { ...unit, text: hook.rest } : unit));
    const tags = tagLine(round);
    const fits = (chosen: Unit[]) => linkedInLength(assemble(hook.line, paragraphsOf(chosen, perParagraph), tags)) <= LINKEDIN_MAX_LENGTH;
    const kept = fits(rest) ? rest : chooseUnits(rest, fits);
    return assemble(hook.line, paragraphsOf(kept, perParagraph), tags);
  };

  const recipes: Recipe[] = Array.from({ length: shapes.length * 4 }, (_, round) => () => build(round));
  const check = tailoringCheck(text, 'linkedin', sources);
  const passes = (candidate: string) => check({ text: candidate }).hardFailures.length === 0;
  return { text: pickVersion(recipes, passes, variant) ?? assemble(normalised, [], '') };
}

import {
  LINKEDIN_MAX_LENGTH,
  THREAD_MAX_PARTS,
  X_MAX_WEIGHTED_LENGTH,
  extractHashtags,
  extractHashtagsWithIndices,
  extractUrls,
  extractUrlsWithIndices,
  linkedInLength,
  splitTrailingHashtags,
  xWeightedLength,
  type Network,
} from '@postflow/contract';
import type { EnhanceResult } from '../ai-engine';
import { HAND_SEPARATOR_LINE, isList } from '../builtin/sentences';
import { hashtagKey } from '../text-rules';
import { closingOf, keepsClosing, type Closing } from './closing';
import { evidenceIn, type HashtagSources } from './hashtag-evidence';
import { mentionsOf, namesOf, numbersOf, sentencesOf, wordsAt, wordsOf } from './text-facts';

/**
 * The rules a tailored version must keep (docs/ai.md). Both engines are held to them: the built-in
 * engine only offers versions that pass the hard rules, and a configured model's answer that
 * breaks one is repaired or replaced by the built-in engine's.
 */
export const HARD_RULES = [
  'length',
  'no_cut',
  'thread_whole',
  'urls_kept',
  'mentions_kept',
  'closing_kept',
  'no_new_numbers',
  'hashtags_count',
  'hashtags_unique',
  'hashtags_key_phrases',
] as const;
/** Aims, measured and reported, that a text can make impossible (a hook needs a short sentence or a topic). */
export const SOFT_RULES = [
  'facts_kept',
  'single_post_keeps_point',
  'hashtags_linkedin_min',
  'linkedin_hook',
  'linkedin_paragraphs',
] as const;
export type HardRule = (typeof HARD_RULES)[number];
export type TailoringRule = HardRule | (typeof SOFT_RULES)[number];

export interface RuleResult {
  rule: TailoringRule;
  hard: boolean;
  passed: boolean;
  /** What broke it, for a failure. */
  detail?: string;
}

export interface TailoringReport {
  /** Every rule that applies to this network and output. */
  results: RuleResult[];
  hardFailures: RuleResult[];
}

/** The first line of a LinkedIn post is its hook: short enough to show whole before "see more" (about 210 characters; docs/networks.md, LinkedIn · How posts look) also on a phone. */
export const LINKEDIN_HOOK_MAX = 150;
const X_MAX_HASHTAGS = 2;
const LINKEDIN_MIN_HASHTAGS = 3;
const LINKEDIN_MAX_HASHTAGS = 5;
// A kept sentence shares most of its words with the version.
const KEPT_SHARE = 0.6;

const ELLIPSES = /…|\.\.\./gu;
const TERMINAL = /[.!?。！？؟।॥…:;]$/u;
const TRAILING_DECORATION = /[\s"'”’»)\]\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u200D]+$/u;
const NUMBERING = /\s+\d+\/\d+$/u;

const isHard = (rule: TailoringRule): rule is HardRule => (HARD_RULES as readonly string[]).includes(rule);
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** A line without what may legitimately follow its last word: hashtags, links, emoji, quotes. */
function core(line: string): string {
  let rest = splitTrailingHashtags(line).body;
  for (;;) {
    const url = extractUrls(rest).at(-1);
    const trimmed = rest.replace(TRAILING_DECORATION, '');
    if (url && trimmed.endsWith(url)) rest = trimmed.slice(0, -url.length);
    else if (trimmed !== rest) rest = trimmed;
    else return rest;
  }
}

/** The last one or two words of a line, as the key its ending is compared by. */
function endingKey(words: readonly string[]): string {
  return words.slice(-2).join(' ');
}

/**
 * Where the original's sentences and lines end, and the word pairs it has inside them: a line of a
 * version that ends on words the original continues after ("…based on your") was cut there.
 */
function boundariesOf(original: string): { ends: Set<string>; inside: Set<string> } {
  const ends = new Set<string>();
  const inside = new Set<string>();
  for (const piece of [...original.split('\n'), ...sentencesOf(original)]) {
    const words = wordsOf(core(piece));
    if (words.length === 0) continue;
    ends.add(endingKey(words));
    ends.add(words.at(-1) as string);
    for (let index = 0; index < words.length - 1; index++) {
      inside.add(words[index] as string);
      if (index > 0) inside.add(`${words[index - 1] as string} ${words[index] as string}`);
    }
  }
  return { ends, inside };
}

/**
 * Lines that stop where the original goes on: the mark of a cut. A line that ends on a sentence's
 * punctuation, where an original sentence or line ends, or on words of its own (a model's
 * rewording) is whole.
 */
function cutLines({ ends, inside }: { ends: Set<string>; inside: Set<string> }, text: string): string[] {
  return text.split('\n').filter((line) => {
    const rest = core(line).trim();
    if (!rest || TERMINAL.test(rest)) return false;
    const key = endingKey(wordsOf(rest));
    return key !== '' && !ends.has(key) && inside.has(key);
  });
}

/** How many of `words` `other` holds, as a share. */
function share(words: ReadonlySet<string>, other: ReadonlySet<string>): number {
  if (words.size === 0) return 1;
  let found = 0;
  for (const word of words) if (other.has(word)) found++;
  return found / words.size;
}

function hashtagCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tag of extractHashtags(text)) counts.set(hashtagKey(tag), (counts.get(hashtagKey(tag)) ?? 0) + 1);
  return counts;
}

/** What every check of versions of one text needs from the text, read once. */
function factsOf(original: string, sources: HashtagSources) {
  const source = original.normalize('NFC').replace(/\r\n?/gu, '\n');
  return {
    source,
    ellipses: count(source, ELLIPSES),
    urls: new Set(extractUrls(source)),
    mentions: new Set(mentionsOf(source)),
    closing: closingOf(source),
    figures: new Set(numbersOf(source)),
    hashtags: hashtagCounts(source),
    boundaries: boundariesOf(source),
    // The text a thread holds: the writer's separator lines are where it splits, not part of a post.
    threadSource: source.replace(HAND_SEPARATOR_LINE, (line) => ' '.repeat(line.length)),
    wordStarts: new Set(wordsAt(source).flatMap(({ word, index }) => [index, index + word.length])),
    protectedSpans: [...extractUrlsWithIndices(source), ...extractHashtagsWithIndices(source)],
    sentences: sentencesOf(source).map((sentence) => ({
      words: new Set(wordsOf(sentence)),
      figures: numbersOf(sentence),
      names: namesOf(sentence),
    })),
    evidence: evidenceIn(source, sources),
  };
}

/**
 * Every rule, checked on a version of `original` for `network`. The single post is checked for
 * length, cuts and hashtags; what must be kept (links, mentions, the closing question) is checked
 * on the thread when one is proposed, else on the post. A text whose every sentence is longer than
 * a post has only a thread: its single post is then the thread's first part, checked as one.
 */
export function checkTailoring(original: string, output: EnhanceResult, network: Network, sources: HashtagSources = {}): TailoringReport {
  return tailoringCheck(original, network, sources)(output);
}

/** What the rules read from a version's text (the post, or the thread's parts together). */
function formOf(text: string, closing: Closing | undefined) {
  return {
    closingKept: closing === undefined || keepsClosing(closing, text),
    ellipses: count(text, ELLIPSES),
    urls: extractUrls(text),
    mentions: mentionsOf(text),
    figures: numbersOf(text),
    hashtags: extractHashtags(text),
    counts: hashtagCounts(text),
    words: new Set(wordsOf(text)),
  };
}
type Form = ReturnType<typeof formOf>;

/** `checkTailoring` for many versions of one text, which is read once (and a thread shared by the versions, once). */
export function tailoringCheck(
  original: string,
  network: Network,
  sources: HashtagSources = {},
): (output: EnhanceResult) => TailoringReport {
  const facts = factsOf(original, sources);
  const forms = new Map<string, Form>();
  const form = (text: string) => {
    const known = forms.get(text);
    if (known) return known;
    const made = formOf(text, facts.closing);
    if (forms.size > 64) forms.clear();
    forms.set(text, made);
    return made;
  };
  const threads = new WeakMap<readonly string[], ThreadProblems>();
  const threadProblems = (thread: readonly string[]) => {
    const known = threads.get(thread);
    if (known) return known;
    const made = threadProblemsOf(facts, thread);
    threads.set(thread, made);
    return made;
  };
  return (output) => checkVersion(facts, form, threadProblems, output, network);
}

interface ThreadProblems {
  length: string[];
  ellipsis: boolean;
  whole: string[];
}

/**
 * Where a part starts inside a word, a link or a hashtag of the original: between two parts there
 * must be a space or a word boundary (Chinese and Japanese have no spaces), unless one word is
 * longer than a post.
 */
function splitsInsideWords(facts: ReturnType<typeof factsOf>, parts: readonly string[]): string[] {
  const text = facts.threadSource;
  const positions: number[] = [];
  for (let index = 0; index < text.length; index++) if (!/\s/u.test(text[index] as string)) positions.push(index);
  const problems: string[] = [];
  let offset = 0;
  parts.forEach((part, index) => {
    const at = positions[offset];
    offset += part.replace(/\s/gu, '').length;
    if (index === 0 || at === undefined || /\s/u.test(text[at - 1] ?? ' ')) return;
    const inside = facts.protectedSpans.some((span) => at > span.start && at < span.end);
    const token = /\S*$/u.exec(text.slice(0, at))?.[0] ?? '';
    const longWord = xWeightedLength(`${token}${/^\S*/u.exec(text.slice(at))?.[0] ?? ''}`) > X_MAX_WEIGHTED_LENGTH;
    if ((inside || !facts.wordStarts.has(at)) && !longWord) problems.push(`part ${index + 1} starts inside "${token.slice(-20)}…"`);
  });
  return problems;
}

/** What can be wrong with a thread itself: a part too long or empty, an ellipsis, words split, changed or missing. */
function threadProblemsOf(facts: ReturnType<typeof factsOf>, thread: readonly string[]): ThreadProblems {
  const parts = thread.map((part) => part.replace(NUMBERING, ''));
  const length: string[] = [];
  thread.forEach((part, index) => {
    if (!part.trim() || xWeightedLength(part) > X_MAX_WEIGHTED_LENGTH) length.push(`part ${index + 1} weighs ${xWeightedLength(part)}`);
  });
  if (thread.length < 2 || thread.length > THREAD_MAX_PARTS) length.push(`a thread of ${thread.length} parts`);
  const squeeze = (value: string) => value.replace(/\s/gu, '');
  const whole: string[] = [];
  if (squeeze(parts.join('')) !== squeeze(facts.threadSource)) whole.push('the parts do not hold the whole text, in order');
  else whole.push(...splitsInsideWords(facts, parts));
  return { length, ellipsis: parts.some((part) => count(part, ELLIPSES) > facts.ellipses), whole };
}

function checkVersion(
  facts: ReturnType<typeof factsOf>,
  formOf: (text: string) => Form,
  threadProblems: (thread: readonly string[]) => ThreadProblems,
  output: EnhanceResult,
  network: Network,
): TailoringReport {
  const { urls, mentions } = facts;
  const { text } = output;
  const thread = network === 'x' && output.thread && output.thread.length > 0 ? output.thread : undefined;
  const parts = thread?.map((part) => part.replace(NUMBERING, '')) ?? [];
  const version = thread ? parts.join('\n\n') : text;
  const post = formOf(text);
  const whole = formOf(version);
  const forms = thread ? [post, whole] : [post];
  const results: RuleResult[] = [];
  const add = (rule: TailoringRule, problems: string[]) =>
    results.push({ rule, hard: isHard(rule), passed: problems.length === 0, ...(problems.length ? { detail: problems.join('; ') } : {}) });

  // Length.
  const lengthProblems: string[] = [];
  if (!text.trim()) lengthProblems.push('the post is empty');
  if (network === 'x') {
    if (xWeightedLength(text) > X_MAX_WEIGHTED_LENGTH) lengthProblems.push(`the post weighs ${xWeightedLength(text)}`);
    if (thread) lengthProblems.push(...threadProblems(thread).length);
  } else if (linkedInLength(text) > LINKEDIN_MAX_LENGTH || [...text].length > LINKEDIN_MAX_LENGTH) {
    lengthProblems.push(`${linkedInLength(text)} characters once escaped`);
  }
  add('length', lengthProblems);

  // No cut: no ellipsis, link, mention or hashtag the original does not have, no line stopping mid-sentence.
  const cutProblems: string[] = [];
  if (post.ellipses > facts.ellipses || (thread && threadProblems(thread).ellipsis)) cutProblems.push('an ellipsis marks a cut');
  const originalTags = [...facts.hashtags.keys()];
  for (const { urls: found, mentions: named, hashtags } of forms) {
    for (const url of found) if (!urls.has(url)) cutProblems.push(`link ${url} is not the original's`);
    for (const mention of named) if (!mentions.has(mention)) cutProblems.push(`mention ${mention} is not the original's`);
    for (const tag of hashtags) {
      const key = hashtagKey(tag);
      if (!facts.hashtags.has(key) && originalTags.some((full) => full.startsWith(key))) cutProblems.push(`hashtag ${tag} is cut`);
    }
  }
  const standsAlone = !thread || text !== thread[0];
  if (standsAlone) for (const line of cutLines(facts.boundaries, text)) cutProblems.push(`"${line.slice(-40)}" stops mid-sentence`);
  add('no_cut', [...new Set(cutProblems)]);

  if (thread) add('thread_whole', threadProblems(thread).whole);

  // What must be kept.
  const lost = (candidate: Form) => {
    const keptUrls = new Set(candidate.urls);
    const keptMentions = new Set(candidate.mentions);
    return {
      urls: [...urls].filter((url) => !keptUrls.has(url)),
      mentions: [...mentions].filter((mention) => !keptMentions.has(mention)),
      closing: facts.closing && !candidate.closingKept ? [`"${facts.closing.sentence}"`] : [],
    };
  };
  const kept = lost(whole);
  add('urls_kept', kept.urls);
  add('mentions_kept', kept.mentions);
  add('closing_kept', kept.closing);
  if (thread) {
    const alone = lost(post);
    add('single_post_keeps_point', [...alone.urls, ...alone.mentions, ...alone.closing]);
  }

  add(
    'no_new_numbers',
    [...new Set(forms.flatMap((candidate) => candidate.figures))]
      .filter((figure) => !facts.figures.has(figure))
      .map((figure) => `${figure} is not in the original`),
  );

  const versionFigures = new Set(whole.figures);
  const lostFacts: string[] = [];
  for (const { words, figures, names } of facts.sentences) {
    if (figures.length + names.length === 0 || share(words, whole.words) < KEPT_SHARE) continue;
    for (const figure of figures) if (!versionFigures.has(figure)) lostFacts.push(figure);
    for (const name of names) if (!version.includes(name)) lostFacts.push(name);
  }
  add('facts_kept', lostFacts);

  // Hashtags.
  const countProblems: string[] = [];
  const uniqueProblems: string[] = [];
  const groundProblems = new Set<string>();
  for (const { counts, hashtags } of forms) {
    const added = [...counts.keys()].filter((key) => !facts.hashtags.has(key));
    const most = network === 'x' ? X_MAX_HASHTAGS : LINKEDIN_MAX_HASHTAGS;
    if (counts.size > Math.max(most, facts.hashtags.size)) countProblems.push(`${counts.size} hashtags`);
    if (network === 'x' && added.length > X_MAX_HASHTAGS) countProblems.push(`${added.length} hashtags added`);
    for (const [key, times] of counts) if (times > Math.max(1, facts.hashtags.get(key) ?? 0)) uniqueProblems.push(`#${key} ${times} times`);
    for (const tag of hashtags) {
      if (!facts.hashtags.has(hashtagKey(tag)) && !facts.evidence(tag)) groundProblems.add(`${tag} is not a topic of the text`);
    }
  }
  add('hashtags_count', countProblems);
  add('hashtags_unique', uniqueProblems);
  add('hashtags_key_phrases', [...groundProblems]);

  if (network === 'linkedin') {
    const tags = post.counts.size;
    add('hashtags_linkedin_min', tags < LINKEDIN_MIN_HASHTAGS ? [`${tags} hashtags`] : []);
    const lines = text.split('\n');
    const hook = lines[0] ?? '';
    const hookProblems: string[] = [];
    if ([...hook].length > LINKEDIN_HOOK_MAX) hookProblems.push(`the first line has ${[...hook].length} characters`);
    if (lines.length > 1 && lines[1]?.trim() !== '') hookProblems.push('no blank line after the first line');
    if (/^\s*#/u.test(hook)) hookProblems.push('the first line is hashtags');
    add('linkedin_hook', hookProblems);
    const paragraphs = text
      .split(/\n\s*\n/u)
      .slice(1)
      .filter((block) => !isList(block) && splitTrailingHashtags(block).body.trim() !== '');
    add(
      'linkedin_paragraphs',
      paragraphs
        .filter((block) => sentencesOf(block).length > 2)
        .map((block) => `"${block.slice(0, 40)}…" has ${sentencesOf(block).length} sentences`),
    );
  }

  return { results, hardFailures: results.filter((result) => result.hard && !result.passed) };
}

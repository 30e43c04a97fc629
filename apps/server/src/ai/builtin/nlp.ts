import type { CustomEntityExample, ItemCustomEntity, ItemEntity, ItemSentence, ItemToken, ItsFunction, WinkMethods } from 'wink-nlp';

/**
 * Keywords, noun phrases and names from English text with wink-nlp and its small English model,
 * offline. The model is loaded lazily, once per process (~100 ms), on the first request that needs it.
 */

export interface Term {
  /** As written, e.g. "Small businesses", "Berlin" (for hashtags). */
  text: string;
  /** As it reads inside a sentence: a capital that only started a sentence is dropped ("small businesses"). */
  display: string;
  /** Lower-case lemmas, for matching and de-duplication. */
  words: string[];
  kind: 'phrase' | 'name' | 'keyword';
  count: number;
  /** Index of the first token where it appears (earlier is more prominent). */
  first: number;
  /** True when it appears in the first sentence. */
  inFirstSentence: boolean;
  /** A common word seen only at the start of sentences or list items ("Ship small"): little evidence. */
  weak?: boolean;
}

export interface TextAnalysis {
  /** Empty for a text that is not in English: the model knows English only, and on other languages finds word pairs, not topics. */
  terms: Term[];
}

// Share of a text's words the English model must know for the text to count as English.
const ENGLISH_SHARE = 0.7;

export interface Nlp {
  analyse(text: string): TextAnalysis;
}

// The noun-phrase patterns that found "small businesses" and "weekly reach" in a sample launch post.
const PHRASE_PATTERNS: CustomEntityExample[] = [
  { name: 'phrase', patterns: ['[ADJ|NOUN|PROPN] [NOUN|PROPN]', 'ADJ NOUN NOUN', 'NOUN NOUN NOUN'] },
];
const PHRASE_PROBE = 'Small businesses track weekly reach.';
// Entities that are not topics: "today", "one", "a year", "30%".
const NOT_TOPICS = new Set([
  'DATE',
  'TIME',
  'DURATION',
  'CARDINAL',
  'ORDINAL',
  'MONEY',
  'PERCENT',
  'URL',
  'EMAIL',
  'MENTION',
  'HASHTAG',
  'EMOJI',
  'EMOTICON',
]);
// Words that say how good something is rather than what it is about.
const EVALUATIVE = new Set(
  'great good new best better big bigger key early amazing awesome huge nice exciting excited first last next other many few more most same real whole full simple easy hard quick fast top major important entire certain own'.split(
    ' ',
  ),
);
// Size words start real topics ("small businesses") but are not topics on their own.
const SIZE = new Set(['small', 'large', 'little', 'tiny']);
// Nouns too general to be a topic.
const GENERIC = new Set(
  'thing things way ways lot lots today tomorrow yesterday time times year years day days week weeks month months people person stuff bit kind sort something everything anything nothing someone everyone anyone part place point case fact number end start thanks hello please yes'.split(
    ' ',
  ),
);
const WORDLIKE = /^[\p{L}\p{M}][\p{L}\p{M}\p{N}'’-]*$/u;
const ACRONYM = /^\p{Lu}{2,}$/u;
const URLS = /\bhttps?:\/\/\S+|\bwww\.\S+/giu;

interface Token {
  value: string;
  type: string;
  pos: string;
  lemma: string;
  stop: boolean;
  excluded: boolean;
  sentence: number;
  startsSentence: boolean;
  /** Its lower-case form is an ordinary English word ("Ship" → "ship"), not a name ("Berlin"). */
  commonWord: boolean;
}

/** A token as it reads mid-sentence: "Small" that only started a sentence becomes "small". */
function inSentence(token: Token): string {
  return token.startsSentence && /^\p{Lu}\p{Ll}*$/u.test(token.value) ? token.value.toLowerCase() : token.value;
}

function isTopicWord(token: Token): boolean {
  if (token.type !== 'word' || token.stop || token.excluded || !WORDLIKE.test(token.value)) return false;
  const lower = token.lemma.toLowerCase();
  if (EVALUATIVE.has(lower) || SIZE.has(lower) || GENERIC.has(lower) || GENERIC.has(token.value.toLowerCase())) return false;
  return token.value.length >= 3 || ACRONYM.test(token.value);
}

function createAnalyser(nlp: WinkMethods, customEntitiesWork: boolean): Nlp {
  const its = nlp.its;

  const readTokens = (text: string) => {
    const doc = nlp.readDoc(text);
    const excluded = new Set<number>();
    doc.entities().each((entity: ItemEntity) => {
      const detail = entity.out(its.detail) as unknown as { type: string };
      if (NOT_TOPICS.has(detail.type)) entity.tokens().each((token: ItemToken) => excluded.add(token.index()));
    });
    const tokens: Token[] = [];
    doc.sentences().each((sentence: ItemSentence, sentenceIndex: number) => {
      sentence.tokens().each((token: ItemToken, position: number) => {
        const previous = tokens[token.index() - 1]?.value ?? '';
        const value = token.out();
        tokens[token.index()] = {
          value,
          type: String(token.out(its.type)),
          pos: String(token.out(its.pos)),
          // wink's typings declare `its.lemma` with the model's addons as third parameter; it works with `out`.
          lemma: String(token.out(its.lemma as unknown as ItsFunction<string>)),
          stop: token.out(its.stopWordFlag) === true,
          excluded: excluded.has(token.index()),
          sentence: sentenceIndex,
          // A list item or a new line starts a sentence too, though wink may not split there.
          startsSentence: position === 0 || previous.includes('\n') || /^[-–•*▪►→]$/u.test(previous),
          commonWord: !doc.isOOV(value.toLowerCase()),
        };
      });
    });
    const spans: [number, number][] = [];
    if (customEntitiesWork) {
      doc.customEntities().each((entity: ItemCustomEntity) => {
        const span = entity.out(its.span) as unknown as [number, number];
        spans.push([span[0], span[1]]);
      });
    }
    return { tokens, spans };
  };

  // The same patterns by hand, used only if custom entities ever come back empty (a second
  // winkNLP instance created elsewhere from the same model silently loses them).
  const phraseSpansByPos = (tokens: Token[]): [number, number][] => {
    const spans: [number, number][] = [];
    let start = -1;
    for (let index = 0; index <= tokens.length; index++) {
      const pos = tokens[index]?.pos;
      const inPhrase = pos === 'ADJ' || pos === 'NOUN' || pos === 'PROPN';
      if (inPhrase && start < 0) start = index;
      if (!inPhrase && start >= 0) {
        let end = index - 1;
        while (end > start && tokens[end]?.pos === 'ADJ') end--;
        if (end - start >= 1) spans.push([Math.max(start, end - 2), end]);
        start = -1;
      }
    }
    return spans;
  };

  return {
    analyse(text) {
      const { tokens, spans } = readTokens(text.replace(URLS, ' '));
      const terms = new Map<string, Term>();
      const add = (key: string, term: Omit<Term, 'count'>) => {
        const existing = terms.get(key);
        if (existing) {
          existing.count++;
          existing.first = Math.min(existing.first, term.first);
          existing.inFirstSentence ||= term.inFirstSentence;
        } else {
          terms.set(key, { ...term, count: 1 });
        }
      };

      const phraseSpans = customEntitiesWork ? spans : phraseSpansByPos(tokens);
      for (const [from, to] of phraseSpans) {
        let start = from;
        // A sentence that opens on a verb form ("Checking AI tools…") names an action, not a topic.
        const notTopic = (token: Token | undefined) =>
          !!token &&
          (EVALUATIVE.has(token.lemma.toLowerCase()) ||
            token.excluded ||
            (token.startsSentence && /ing$/iu.test(token.value) && token.commonWord));
        while (start <= to && notTopic(tokens[start])) start++;
        const phrase = tokens.slice(start, to + 1);
        // A determiner, pronoun or particle right after the phrase means its last word was a verb the
        // tagger took for a noun ("spot instances cost a third", "the network times out").
        const next = tokens[to + 1];
        const endsOnVerb = !!next && (['DET', 'PRON', 'PART', 'AUX'].includes(next.pos) || /^(?:out|up|off|down)$/iu.test(next.value));
        if (
          phrase.length < 2 ||
          endsOnVerb ||
          phrase.some((token) => token.type !== 'word' || token.stop || token.excluded || !WORDLIKE.test(token.value))
        )
          continue;
        const words = phrase.map((token) => token.lemma.toLowerCase());
        const name = phrase.every((token) => token.pos === 'PROPN');
        add(`p:${words.join(' ')}`, {
          text: phrase.map((token) => token.value).join(' '),
          display: name ? phrase.map((token) => token.value).join(' ') : phrase.map(inSentence).join(' '),
          words,
          kind: name ? 'name' : 'phrase',
          first: start,
          inFirstSentence: phrase[0]?.sentence === 0,
        });
      }

      // A capital at the start of a sentence or a list item proves little ("Ship small"): there a
      // word is a name only if it is also capitalised mid-sentence or is not an ordinary word.
      const capitalisedMidSentence = new Set(
        tokens.filter((token) => token && !token.startsSentence && /^\p{Lu}/u.test(token.value)).map((token) => token.value.toLowerCase()),
      );
      const atStartOnly = new Map<string, boolean>();
      tokens.forEach((token, index) => {
        if (!token || (token.pos !== 'NOUN' && token.pos !== 'PROPN') || !isTopicWord(token)) return;
        const capitalised = /^\p{Lu}/u.test(token.value);
        const proper =
          token.pos === 'PROPN' &&
          capitalised &&
          (!token.startsSentence || !token.commonWord || capitalisedMidSentence.has(token.value.toLowerCase()));
        const lemma = token.lemma.toLowerCase();
        const key = `k:${proper ? token.value.toLowerCase() : lemma}`;
        atStartOnly.set(key, (atStartOnly.get(key) ?? true) && token.startsSentence);
        add(key, {
          // An acronym keeps its capitals ("AI", not "ai").
          text: proper || ACRONYM.test(token.value) ? token.value : lemma,
          display: proper || ACRONYM.test(token.value) ? token.value : lemma,
          words: [lemma],
          kind: proper ? 'name' : 'keyword',
          first: index,
          inFirstSentence: token.sentence === 0,
        });
      });

      for (const [key, onlyAtStart] of atStartOnly) {
        const term = terms.get(key);
        if (term && onlyAtStart && term.kind === 'keyword') term.weak = true;
      }
      const words = tokens.filter((token) => token && token.type === 'word' && /^\p{L}/u.test(token.value));
      const known = words.filter((token) => token.commonWord || /^\p{Lu}/u.test(token.value)).length;
      // Capitalised words count as known: names are unknown to any model. German capitalises every noun, and still falls short.
      const english = words.length > 0 && known / words.length >= ENGLISH_SHARE;
      return { terms: english ? [...terms.values()] : [] };
    },
  };
}

let loading: Promise<Nlp> | undefined;

/**
 * The process-wide analyser. It is the only `winkNLP(model)` instance in the server: wink-nlp
 * keeps learned custom entities only on the first instance made from a model, and they must be
 * learned before the first `readDoc` (a second instance silently finds none). Anything else that needs wink must
 * use this module rather than create its own instance.
 */
export function loadNlp(): Promise<Nlp> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]);
    const nlp = winkNLP(model);
    nlp.learnCustomEntities(PHRASE_PATTERNS);
    const customEntitiesWork = nlp.readDoc(PHRASE_PROBE).customEntities().length() > 0;
    return createAnalyser(nlp, customEntitiesWork);
  })();
  // A failed load is tried again on the next request instead of failing for the process's life.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

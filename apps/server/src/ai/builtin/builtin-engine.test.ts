import {
  LINKEDIN_MAX_LENGTH,
  X_MAX_WEIGHTED_LENGTH,
  escapeLittleText,
  extractHashtags,
  extractUrls,
  linkedInLength,
  splitTrailingHashtags,
  unescapeLittleText,
  xWeightedLength,
  type Network,
} from '@postflow/contract';
import { describe, expect, it } from 'vitest';
import { createBuiltinAiEngine } from './builtin-engine';
import { loadNlp } from './nlp';

const engine = createBuiltinAiEngine();

const LAUNCH =
  "We're thrilled to launch Postflow today! Small businesses can now schedule Mastodon posts and track engagement analytics from one dashboard. Our team in Berlin spent a year building it, and early users saw 30% more weekly reach. Try it free at https://postflow.app";

const CORPUS = [
  LAUNCH,
  'ok',
  'Hello world',
  '🎉🎉🎉 @alice thanks!',
  'Big news (finally): our API [beta] is live — docs at https://docs.example.com/api_v2/start?ref=launch_day. Questions? Ping @postflow_team. *Limited* seats {early access} | <soon> ~ stay tuned #API #Beta',
  `${'This is a really very long sentence about scheduling social media posts in order to save time every single week. '.repeat(25)}https://example.com/read-more`,
  '#one #two #three #four #five #six #seven #eight #nine #ten #eleven #twelve',
  '東京で新しいカフェがオープンしました！コーヒーとケーキがとても美味しいです。週末はぜひ来てください。'.repeat(6),
  '👨‍👩‍👧‍👦🇩🇪👍🏽 '.repeat(120),
  'Three lessons from our launch:\n- Ship small\n- Talk to users\n- Measure everything\n\nWhat would you add?',
  `Links everywhere https://a.example.com/${'x'.repeat(200)} and www.example.org and example.co.uk/path plus https://b.example.com`,
  'Line one\r\n\r\n\r\n\r\nLine two with    lots     of     spaces\t\tand tabs.\n\n\n',
  'C# and F# devs: 100% of __init__ files use ** and __ and \\ backslashes! #dotnet',
];

/** A reproducible pseudo-random text: words, links, emoji, CJK, hashtags and line breaks. */
function generated(seed: number): string {
  const pieces = [
    'launch',
    'schedule',
    'analytics',
    'small',
    'business',
    'team',
    'growth',
    'really',
    'very',
    'in order to',
    'café',
    '日本語',
    'テスト',
    '👍🏽',
    '🇫🇷',
    '👨‍👩‍👧',
    'https://example.com/p',
    'www.postflow.dev',
    '#Growth',
    '#AI',
    '@someone',
    '(note)',
    '[x]',
    '_',
    '*',
    '.',
    ',',
    '!',
    '?',
    '\n',
    '\n\n',
  ];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  const length = 5 + (next() % 400);
  return Array.from({ length }, () => pieces[next() % pieces.length]).join(' ');
}

const within = (platform: Network, text: string) =>
  platform === 'x'
    ? xWeightedLength(text) <= X_MAX_WEIGHTED_LENGTH
    : linkedInLength(text) <= LINKEDIN_MAX_LENGTH && [...text].length <= LINKEDIN_MAX_LENGTH;

describe('built-in engine: enhance', () => {
  it('keeps every output within the platform limit for varied and generated inputs', async () => {
    const inputs = [...CORPUS, ...Array.from({ length: 8 }, (_, index) => generated(index + 1))];
    for (const text of inputs) {
      for (const platform of ['x', 'linkedin'] as const) {
        for (const variant of [0, 1, 2, 5]) {
          const { text: out } = await engine.enhance({ platform, text, tags: ['growth hacking'], variant });
          expect(within(platform, out), `${platform} v${variant}: ${JSON.stringify(text.slice(0, 50))}`).toBe(true);
          expect(out.trim().length).toBeGreaterThan(0);
        }
      }
    }
  }, 120_000);

  it('gives the same output for the same input and variant', async () => {
    for (const platform of ['x', 'linkedin'] as const) {
      for (const variant of [0, 3]) {
        const first = await engine.enhance({ platform, text: LAUNCH, tags: [], variant });
        const again = await createBuiltinAiEngine().enhance({ platform, text: LAUNCH, tags: [], variant });
        expect(again).toEqual(first);
      }
    }
  });

  it('gives noticeably different outputs for different variants', async () => {
    for (const platform of ['x', 'linkedin'] as const) {
      const outputs = await Promise.all([0, 1, 2].map((variant) => engine.enhance({ platform, text: LAUNCH, tags: [], variant })));
      expect(new Set(outputs.map((output) => output.text)).size, platform).toBe(3);
    }
  });

  it('treats a missing variant as the first one', async () => {
    expect(await engine.enhance({ platform: 'x', text: LAUNCH, tags: [] })).toEqual(
      await engine.enhance({ platform: 'x', text: LAUNCH, tags: [], variant: 0 }),
    );
  });

  describe('for X', () => {
    it('tightens wording and whitespace without touching links', async () => {
      const text = 'We are   really very excited.\n\n\nWe built it in order to help you.\nRead https://example.com/really/very/just';
      const { text: out } = await engine.enhance({ platform: 'x', text, tags: [], variant: 0 });
      expect(out.replace('https://example.com/really/very/just', '')).not.toMatch(/\b(really|very)\b/iu);
      expect(out).not.toMatch(/in order to/iu);
      expect(out).not.toMatch(/\n\n| {2}/u);
      expect(extractUrls(out)).toEqual(['https://example.com/really/very/just']);
    });

    it('shortens a long text by leaving out whole sentences, keeping its link, and proposes the whole text as a thread', async () => {
      const text = `${'Scheduling posts across networks takes planning and consistent effort from the whole team. '.repeat(8)}Details: https://example.com/blog/scheduling-guide`;
      for (const variant of [0, 1, 2]) {
        const { text: out, thread } = await engine.enhance({ platform: 'x', text, tags: [], variant });
        expect(xWeightedLength(out)).toBeLessThanOrEqual(280);
        expect(out).not.toContain('…');
        const { body } = splitTrailingHashtags(out);
        expect(body).toMatch(/Details: https:\/\/example\.com\/blog\/scheduling-guide$/u);
        // Whole sentences only (one of them may carry a hashtag written into it).
        expect(body.replace(/Details: https:\S+$/u, '')).toMatch(
          /^(Scheduling posts across networks takes planning and (consistent effort|#ConsistentEffort) from the whole team\.\s*)+$/u,
        );
        expect(thread?.join(' ')).toBe(text.trim());
        for (const part of thread ?? []) expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
      }
    });

    it('keeps existing hashtags and adds at most two', async () => {
      const text = 'Our small team shipped a scheduling dashboard for busy marketers #Launch';
      for (const variant of [0, 1, 2, 3]) {
        const { text: out } = await engine.enhance({ platform: 'x', text, tags: ['marketing', 'automation', 'social media'], variant });
        const tags = extractHashtags(out).map((tag) => tag.toLowerCase());
        expect(tags).toContain('#launch');
        expect(tags.length - 1).toBeLessThanOrEqual(2);
      }
    });

    it('adds no hashtag that does not fit', async () => {
      const text = 'a'.repeat(275);
      const { text: out } = await engine.enhance({ platform: 'x', text, tags: ['Growth'], variant: 0 });
      expect(xWeightedLength(out)).toBeLessThanOrEqual(280);
      expect(extractHashtags(out)).toEqual([]);
    });
  });

  describe('for LinkedIn', () => {
    it('opens with a hook, uses short blank-line paragraphs and ends with 3 to 5 hashtags', async () => {
      for (const variant of [0, 1, 2, 3, 4]) {
        const { text: out } = await engine.enhance({ platform: 'linkedin', text: LAUNCH, tags: [], variant });
        const blocks = out.split('\n\n');
        expect(blocks.length, out).toBeGreaterThanOrEqual(3);
        const [hook] = blocks;
        expect(hook).toBeTruthy();
        expect(hook).not.toContain('\n');
        expect(hook).not.toMatch(/^#/u);
        const tagLine = blocks.at(-1) ?? '';
        const tags = tagLine.split(' ');
        expect(
          tags.every((tag) => /^#[\p{L}\p{N}]+$/u.test(tag)),
          tagLine,
        ).toBe(true);
        expect(tags.length).toBeGreaterThanOrEqual(3);
        expect(tags.length).toBeLessThanOrEqual(5);
        for (const paragraph of blocks.slice(1, -1)) {
          expect(paragraph.split(/(?<=[.!?])\s+(?=\p{Lu})/u).length, paragraph).toBeLessThanOrEqual(2);
          expect(extractHashtags(paragraph)).toEqual([]);
        }
      }
    });

    it('gathers hashtags written in the text at the end, once each', async () => {
      const { text: out } = await engine.enhance({
        platform: 'linkedin',
        text: `${LAUNCH} #launch #SaaS #launch`,
        tags: ['SaaS'],
        variant: 0,
      });
      const tagLine = out.split('\n\n').at(-1) ?? '';
      expect(tagLine).toMatch(/#launch/u);
      expect(tagLine.match(/#saas/giu)).toHaveLength(1);
      expect(tagLine.match(/#launch/giu)).toHaveLength(1);
    });

    it('stays within 3,000 once escaped, and survives escaping unchanged', async () => {
      const reserved = 'Launch (beta) [v2] {x} <y> *bold* _under_ ~tilde~ | pipe @ at \\ slash. ';
      const text = reserved.repeat(40);
      for (const variant of [0, 1, 2]) {
        const { text: out } = await engine.enhance({ platform: 'linkedin', text, tags: [], variant });
        expect(linkedInLength(out)).toBeLessThanOrEqual(LINKEDIN_MAX_LENGTH);
        expect(unescapeLittleText(escapeLittleText(out))).toBe(out);
      }
    });
  });
});

describe('built-in engine: hashtags', () => {
  it('finds the topics of a product-launch paragraph', async () => {
    const suggestions = await engine.recommendHashtags({ content: LAUNCH, platform: 'linkedin' });
    const tags = suggestions.map((suggestion) => suggestion.tag);
    expect(tags).toHaveLength(5);
    const sensible = [
      '#SmallBusinesses',
      '#MastodonPosts',
      '#WeeklyReach',
      '#Berlin',
      '#Postflow',
      '#EngagementAnalytics',
      '#Analytics',
      '#Dashboard',
    ];
    expect(tags.filter((tag) => sensible.includes(tag)).length).toBeGreaterThanOrEqual(3);
    expect(tags).not.toContain('#Today');
    expect(tags).not.toContain('#Year');
  });

  it('returns valid, scored, de-duplicated tags, best first, 3 for X by default', async () => {
    const suggestions = await engine.recommendHashtags({ content: `${LAUNCH} #Analytics #analytics`, platform: 'x' });
    expect(suggestions).toHaveLength(3);
    const keys = suggestions.map((suggestion) => suggestion.tag.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    for (const { tag, score, reason } of suggestions) {
      expect(tag).toMatch(/^#[\p{L}\p{N}]+$/u);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
      expect(reason.length).toBeGreaterThan(0);
    }
    const scores = suggestions.map((suggestion) => suggestion.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('honours a limit and copes with text that has no topics', async () => {
    expect(await engine.recommendHashtags({ content: LAUNCH, platform: 'x', limit: 1 })).toHaveLength(1);
    expect(await engine.recommendHashtags({ content: '🎉🎉 !!', platform: 'x' })).toEqual([]);
    expect(await engine.recommendHashtags({ content: '', platform: 'linkedin' })).toEqual([]);
  });
});

describe('built-in engine: content ideas', () => {
  it('suggests distinct, complete ideas sized for each platform', async () => {
    for (const platform of ['x', 'linkedin'] as const) {
      const ideas = await engine.contentIdeas({ topic: 'Remote work for startups', platform });
      expect(ideas).toHaveLength(5);
      expect(new Set(ideas.map((idea) => idea.title)).size).toBe(5);
      expect(new Set(ideas.map((idea) => idea.angle)).size).toBe(5);
      for (const idea of ideas) {
        expect(idea.title.length).toBeGreaterThan(0);
        expect(idea.outline.length).toBeGreaterThanOrEqual(3);
        expect(idea.outline.length).toBeLessThanOrEqual(5);
        expect(idea.hashtags.length).toBeGreaterThan(0);
        expect(idea.hashtags.length).toBeLessThanOrEqual(platform === 'x' ? 3 : 5);
        for (const tag of idea.hashtags) expect(tag).toMatch(/^#[\p{L}\p{N}]+$/u);
        if (platform === 'x') expect(xWeightedLength(idea.hook)).toBeLessThanOrEqual(280);
        else expect(idea.hook.length).toBeLessThanOrEqual(150);
      }
    }
  });

  it('is deterministic per topic and differs between topics', async () => {
    const first = await engine.contentIdeas({ topic: 'Remote work for startups', platform: 'x' });
    expect(await engine.contentIdeas({ topic: 'Remote work for startups', platform: 'x' })).toEqual(first);
    const other = await engine.contentIdeas({ topic: 'Sustainable packaging', platform: 'x' });
    expect(other.map((idea) => idea.title)).not.toEqual(first.map((idea) => idea.title));
  });

  it('gives up to ten ideas, keeps a very long topic readable and returns none for a blank one', async () => {
    const ten = await engine.contentIdeas({ topic: 'community building', platform: 'linkedin', count: 50 });
    expect(ten).toHaveLength(10);
    expect(new Set(ten.map((idea) => idea.angle)).size).toBe(10);
    const long = await engine.contentIdeas({
      topic: 'how small independent coffee roasters can use social media scheduling to reach new wholesale customers in other cities',
      platform: 'x',
      count: 3,
    });
    for (const idea of long) expect(idea.title.length).toBeLessThan(120);
    expect(await engine.contentIdeas({ topic: '   ', platform: 'x' })).toEqual([]);
  });
});

describe('language model', () => {
  it('is loaded once per process and finds noun phrases', async () => {
    const [first, second] = await Promise.all([loadNlp(), loadNlp()]);
    expect(first).toBe(second);
    expect(first).toBe(await loadNlp());
    const phrases = first.analyse('Small businesses track weekly reach.').terms.filter((term) => term.kind === 'phrase');
    expect(phrases.map((term) => term.display)).toContain('small businesses');
  });
});

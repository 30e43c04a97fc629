import { X_MAX_WEIGHTED_LENGTH, fitToX, type Network } from '@postflow/contract';
import type { ContentAngle, ContentFormat, ContentIdea, HashtagSuggestion } from '../ai-engine';
import { hashtagKey } from '../text-rules';
import { capitalise } from './sentences';
import { hashText, rotate } from './variation';

const SUBJECT_MAX = 60;
const LINKEDIN_HOOK_MAX = 150;

interface AngleTemplate {
  angle: ContentAngle;
  format: Record<Network, ContentFormat>;
  /** A hashtag that says what kind of post it is. */
  tag: string;
  title: (subject: string) => string;
  hook: Record<Network, (subject: string) => string>;
  outline: (subject: string) => string[];
}

const ANGLES: AngleTemplate[] = [
  {
    angle: 'how-to',
    format: { x: 'thread', linkedin: 'carousel' },
    tag: '#HowTo',
    title: (s) => `How to get started with ${s}`,
    hook: {
      x: (s) => `Getting started with ${s} is simpler than it looks. Here's how, step by step 🧵`,
      linkedin: (s) => `Getting started with ${s}? Here's the simplest path I know.`,
    },
    outline: (s) => [
      `Why ${s} is worth your time now`,
      'Step 1: pick one small, concrete goal',
      'Step 2: set up the basics and a routine',
      'Step 3: measure what changed after two weeks',
      'Invite readers to share their first step',
    ],
  },
  {
    angle: 'list',
    format: { x: 'thread', linkedin: 'carousel' },
    tag: '#Tips',
    title: (s) => `5 practical tips for ${s}`,
    hook: {
      x: (s) => `5 practical tips for ${s} that we wish we'd known sooner:`,
      linkedin: (s) => `5 practical tips for ${s} we wish we'd known sooner.`,
    },
    outline: (s) => [
      `Tip 1: start from your audience's problem, not from ${s}`,
      'Tip 2: keep one clear message per post',
      'Tip 3: show an example, not a claim',
      'Tip 4: make a habit of a weekly review',
      'Tip 5: ask for feedback and act on it',
    ],
  },
  {
    angle: 'story',
    format: { x: 'single', linkedin: 'single' },
    tag: '#LessonsLearned',
    title: (s) => `What ${s} taught us`,
    hook: { x: (s) => `A year ago we got ${s} wrong. Here's what changed.`, linkedin: (s) => `A year ago we got ${s} completely wrong.` },
    outline: () => ['The situation and what we expected', 'The moment it went wrong', 'What we changed', 'The lesson others can reuse'],
  },
  {
    angle: 'contrarian',
    format: { x: 'single', linkedin: 'single' },
    tag: '#HotTake',
    title: (s) => `The unpopular truth about ${s}`,
    hook: {
      x: (s) => `Unpopular opinion: most advice about ${s} is backwards.`,
      linkedin: (s) => `Unpopular opinion: most advice about ${s} is backwards.`,
    },
    outline: (s) => [
      `The common belief about ${s}`,
      'Why it does not hold up in practice',
      'What to do instead',
      'Ask readers whether they agree',
    ],
  },
  {
    angle: 'question',
    format: { x: 'poll', linkedin: 'poll' },
    tag: '#Community',
    title: (s) => `Ask your audience about ${s}`,
    hook: { x: (s) => `Quick poll: what's your biggest challenge with ${s}?`, linkedin: (s) => `What's your biggest challenge with ${s}?` },
    outline: () => [
      'Option A: finding the time',
      'Option B: knowing where to start',
      'Option C: measuring results',
      'Follow up with the results and your own answer',
    ],
  },
  {
    angle: 'behind-the-scenes',
    format: { x: 'thread', linkedin: 'single' },
    tag: '#BehindTheScenes',
    title: (s) => `Behind the scenes: how we handle ${s}`,
    hook: {
      x: (s) => `Behind the scenes: how our team actually handles ${s} 👇`,
      linkedin: (s) => `Here's how our team actually handles ${s}, behind the scenes.`,
    },
    outline: () => ['Who is involved and when', 'The tools and the routine', 'One thing that surprised us', 'What we would do differently'],
  },
  {
    angle: 'data-point',
    format: { x: 'single', linkedin: 'single' },
    tag: '#Data',
    title: (s) => `${capitalise(s)} by the numbers`,
    hook: { x: (s) => `One number changed how we think about ${s}.`, linkedin: (s) => `One number changed how we think about ${s}.` },
    outline: () => [
      'The number and where it comes from',
      'What it means in practice',
      'How it compares with a year ago',
      'What readers can do with it',
    ],
  },
  {
    angle: 'mistakes',
    format: { x: 'thread', linkedin: 'carousel' },
    tag: '#Mistakes',
    title: (s) => `3 mistakes to avoid with ${s}`,
    hook: {
      x: (s) => `3 mistakes to avoid with ${s} (we made all of them):`,
      linkedin: (s) => `3 mistakes to avoid with ${s}. We made all of them.`,
    },
    outline: () => [
      'Mistake 1 and how to spot it',
      'Mistake 2 and what it costs',
      'Mistake 3 and the simple fix',
      'A checklist to avoid all three',
    ],
  },
  {
    angle: 'comparison',
    format: { x: 'single', linkedin: 'carousel' },
    tag: '#BestPractices',
    title: (s) => `${capitalise(s)}: what works and what doesn't`,
    hook: {
      x: (s) => `${capitalise(s)}: what works vs. what doesn't.`,
      linkedin: (s) => `${capitalise(s)}: what works, and what doesn't.`,
    },
    outline: () => [
      'What works, with one example',
      "What doesn't, with one example",
      'The difference that matters most',
      'How to move from one to the other',
    ],
  },
  {
    angle: 'checklist',
    format: { x: 'single', linkedin: 'carousel' },
    tag: '#Checklist',
    title: (s) => `A quick checklist for ${s}`,
    hook: { x: (s) => `Save this: a quick checklist for ${s} ✅`, linkedin: (s) => `Save this: a quick checklist for ${s}.` },
    outline: () => [
      'Before you start: the goal and the audience',
      'While you work: the three things to check',
      'After: how to measure it',
      'Offer the checklist as a download or a carousel',
    ],
  },
];

/** The topic as it reads inside a sentence, at most ~60 characters (cut at a word). */
export function topicSubject(topic: string): string {
  let subject = topic
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[.!?,;:]+$/u, '');
  if (subject.length > SUBJECT_MAX) {
    const cut = subject.slice(0, SUBJECT_MAX + 1);
    const space = cut.lastIndexOf(' ');
    subject = (space > 20 ? cut.slice(0, space) : cut.slice(0, SUBJECT_MAX)).replace(/[\s,;:.\-–—]+$/u, '');
  }
  // "Remote work" reads "remote work" mid-sentence; "AI agents" and "LinkedIn growth" keep their capitals.
  const [firstWord = ''] = subject.split(' ');
  if (/^\p{Lu}\p{Ll}+$/u.test(firstWord)) subject = firstWord.toLowerCase() + subject.slice(firstWord.length);
  return subject;
}

function fitHook(hook: string, platform: Network): string {
  if (platform === 'x') return fitToX(hook, X_MAX_WEIGHTED_LENGTH);
  return hook.length <= LINKEDIN_HOOK_MAX ? hook : `${hook.slice(0, LINKEDIN_HOOK_MAX - 1).trimEnd()}…`;
}

/**
 * Distinct post ideas for a topic, one per angle (how-to, list, story, contrarian take, poll…), in
 * an order that depends only on the topic. Each has a title, a hook sized for the platform, an
 * outline of 3 to 5 points and hashtags (the topic's, plus one naming the kind of post).
 */
export function ideasFor(topic: string, platform: Network, count: number, topicTags: HashtagSuggestion[]): ContentIdea[] {
  const subject = topicSubject(topic);
  if (!subject) return [];
  const maxTags = platform === 'x' ? 3 : 5;
  return rotate(ANGLES, hashText(subject.toLowerCase()))
    .slice(0, count)
    .map((template) => {
      const hashtags: string[] = [];
      const keys = new Set<string>();
      for (const tag of [...topicTags.map((suggestion) => suggestion.tag).slice(0, maxTags - 1), template.tag]) {
        if (keys.has(hashtagKey(tag))) continue;
        keys.add(hashtagKey(tag));
        hashtags.push(tag);
      }
      return {
        title: capitalise(template.title(subject)),
        hook: fitHook(capitalise(template.hook[platform](subject)), platform),
        outline: template.outline(subject).map(capitalise),
        hashtags,
        format: template.format[platform],
        angle: template.angle,
      };
    });
}

import type { Network } from '@postflow/contract';

/** System prompts, one per task. Each asks for a JSON object, checked with zod on the way back. */

// The rules of docs/ai.md, in words a model follows; `checkTailoring` holds the answer to them.
const KEEP = [
  '- Never cut a sentence, a word, a link, a mention or a hashtag, and never end with "…" or "...". To shorten, keep the most informative whole sentences in their original order and leave the others out, then reword them more tightly.',
  '- Keep the closing question or call to action, every link and @mention exactly as written, and the numbers, names and dates of the sentences you keep. Never invent facts or figures.',
];
const HASHTAG_SOURCES =
  "only key phrases, names or repeated terms of the text, or the author's best-performing hashtags listed below when the text is about them; none repeated (ignoring case), none the text already has";

const ENHANCE: Record<Network, string> = {
  x: [
    'You tailor a social media post for X (Twitter).',
    'Rules:',
    '- At most 280 characters as X counts them: every link counts 23, emoji and CJK characters count 2. Aim for 260 or fewer.',
    ...KEEP,
    `- Keep the author's hashtags that fit; add at most 2 hashtags in all, ${HASHTAG_SOURCES}.`,
    '- If the text cannot fit in one post without losing its point, also propose a thread: "thread" is the whole original text split into posts of at most 280 characters at paragraph or sentence boundaries, with the author\'s words unchanged.',
    '- Plain text, same language as the original, no quotes around the post.',
    'Answer with a JSON object: {"text": "<the post>", "thread": ["<part 1>", "<part 2>"]}, leaving out "thread" when the post keeps everything.',
  ].join('\n'),
  linkedin: [
    'You tailor a social media post for LinkedIn.',
    'Rules:',
    '- The first line is a hook: one sentence of at most 150 characters, then a blank line, so it shows whole before "see more".',
    '- Then short paragraphs of one or two sentences, separated by blank lines.',
    ...KEEP,
    `- 3 to 5 hashtags together on the last line, none elsewhere: ${HASHTAG_SOURCES}.`,
    '- At most 3,000 characters in total; usually far fewer.',
    '- Plain text with line breaks: no Markdown (no **bold**, no headings), same language as the original.',
    'Answer with a JSON object: {"text": "<the post>"}',
  ].join('\n'),
};

export function enhancePrompt(platform: Network): string {
  return ENHANCE[platform];
}

export function enhanceUserMessage(text: string, tags: readonly string[], variant: number, bestHashtags: readonly string[] = []): string {
  const lines = [`Original post:\n"""\n${text}\n"""`];
  if (tags.length > 0) lines.push(`Hashtags the author wants to use: ${tags.join(', ')}`);
  if (bestHashtags.length > 0) lines.push(`The author's best-performing hashtags, best first: ${bestHashtags.join(', ')}`);
  if (variant > 0)
    lines.push(
      `This is alternative number ${variant + 1}: write it noticeably differently from a first attempt (another choice of sentences, another opening, other wording).`,
    );
  return lines.join('\n\n');
}

export function hashtagsPrompt(platform: Network, limit: number): string {
  return [
    `You suggest hashtags for a ${platform === 'x' ? 'X (Twitter)' : 'LinkedIn'} post.`,
    `Suggest up to ${limit} relevant hashtags, best first: specific topics and names from the text, in CamelCase (#SmallBusiness), letters and digits only.`,
    'Score each from 0 to 1 by how well the text supports it, and give a short reason.',
    'Answer with a JSON object: {"hashtags": [{"tag": "#Example", "score": 0.8, "reason": "..."}]}',
  ].join('\n');
}

export function ideasPrompt(platform: Network, count: number): string {
  return [
    `You suggest post ideas for ${platform === 'x' ? 'X (Twitter)' : 'LinkedIn'}.`,
    `Suggest ${count} distinct ideas about the topic, each with a different angle (how-to, list, story, contrarian take, question, behind-the-scenes, data point, mistakes, comparison, checklist).`,
    platform === 'x'
      ? 'Each hook is one line of at most 200 characters.'
      : 'Each hook is one line of at most 150 characters (what shows before "see more").',
    'Each outline has 3 to 5 short points. Use 2 to 4 CamelCase hashtags per idea.',
    'format is one of: thread, single, carousel, poll, video.',
    'Answer with a JSON object: {"ideas": [{"title": "...", "hook": "...", "outline": ["..."], "hashtags": ["#Example"], "format": "single", "angle": "how-to"}]}',
  ].join('\n');
}

export const INSIGHT_WORDING_PROMPT = [
  'You word analytics insights for the owner of X (Twitter) and LinkedIn accounts, shown on their dashboard.',
  'Each insight comes with the statistics that found it. Rewrite its title, description and recommendation so they read naturally and speak to the owner ("you", "your posts").',
  'Rules:',
  '- Keep the meaning and every figure exactly as given: the same numbers, percentages, hours, days, hashtags and networks. Never add a number, a claim or a cause that is not in the insight or its statistics.',
  '- Title: at most 80 characters. Description: one to three sentences. Recommendation: one or two sentences saying what to do next.',
  '- Plain text, no Markdown, in English.',
  'Answer with a JSON object with as many entries as insights, in the same order: {"insights": [{"title": "...", "description": "...", "recommendation": "..."}]}',
].join('\n');

export function insightWordingUserMessage(
  findings: ReadonlyArray<{ title: string; description: string; recommendation: string; evidence: Record<string, unknown> }>,
): string {
  return findings
    .map((finding, index) =>
      [
        `Insight ${index + 1}:`,
        `Title: ${finding.title}`,
        `Description: ${finding.description}`,
        `Recommendation: ${finding.recommendation}`,
        `Statistics: ${JSON.stringify(finding.evidence)}`,
      ].join('\n'),
    )
    .join('\n\n');
}

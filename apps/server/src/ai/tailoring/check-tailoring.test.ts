import { splitIntoThread } from '@postflow/contract';
import { describe, expect, it } from 'vitest';
import { checkTailoring, type TailoringRule } from './check-tailoring';
import { repairHashtags } from './repair-hashtags';

const ORIGINAL =
  'We tested five assistants on real client briefs from small businesses. The best one saved our editors 4 hours per issue, based on your feedback from last month. Read it at https://example.com/ai-tools and tell us: which assistant do you trust?';

const failed = (original: string, text: string, network: 'x' | 'linkedin' = 'x', thread?: string[]): TailoringRule[] =>
  checkTailoring(original, { text, ...(thread ? { thread } : {}) }, network)
    .results.filter((result) => !result.passed)
    .map((result) => result.rule);

describe('checkTailoring (docs/ai.md)', () => {
  it('finds a version cut mid-sentence, with or without an ellipsis, but not one a model reworded', () => {
    expect(
      failed(ORIGINAL, 'We tested five assistants on real client briefs. The best one saved our editors 4 hours per issue, based on your…'),
    ).toContain('no_cut');
    expect(
      failed(
        ORIGINAL,
        'The best one saved our editors 4 hours per issue, based on your\nRead it at https://example.com/ai-tools and tell us: which assistant do you trust?',
      ),
    ).toContain('no_cut');
    expect(failed('hello there', 'hi')).not.toContain('no_cut');
  });

  it('finds a lost link, mention or closing question, and accepts the question reworded', () => {
    expect(failed(ORIGINAL, 'We tested five assistants on real client briefs from small businesses.')).toEqual(
      expect.arrayContaining(['urls_kept', 'closing_kept']),
    );
    expect(failed('Thanks @ana_ux for the help!', 'Thanks for the help!')).toContain('mentions_kept');
    expect(
      failed(ORIGINAL, 'Five assistants tested. Read it at https://example.com/ai-tools and tell us: which assistant do you trust most?'),
    ).not.toContain('closing_kept');
  });

  it('finds an invented figure', () => {
    expect(
      failed(
        ORIGINAL,
        `${ORIGINAL.slice(0, 70)} Up 300% this year. Read it at https://example.com/ai-tools and tell us: which assistant do you trust?`,
      ),
    ).toContain('no_new_numbers');
  });

  it('takes hashtags only from key phrases, names, repeated words or the person’s best ones', () => {
    const about = 'Our small businesses love Berlin. Small businesses need tools that do not get in their way.';
    expect(checkTailoring(about, { text: `${about} #SmallBusinesses #Berlin` }, 'x').hardFailures).toEqual([]);
    expect(failed(about, `${about} #Productivity`)).toContain('hashtags_key_phrases');
    expect(failed('Unser neuer Leitfaden ist da.', 'Unser neuer Leitfaden ist da. #UnserNeuer')).toContain('hashtags_key_phrases');
    expect(failed(about, `${about} #Tools`)).toContain('hashtags_key_phrases');
    expect(
      checkTailoring(about, { text: `${about} #Tools` }, 'x', { bestHashtags: ['#Tools'] }).hardFailures.map((failure) => failure.rule),
    ).toEqual([]);
    expect(failed(about, `${about} #SmallBusinesses #Berlin #smallbusinesses`)).toContain('hashtags_unique');
  });

  it('accepts a thread split between Japanese sentences, and refuses one split inside a word', () => {
    const japanese =
      '今週、私たちは新しい予約投稿機能をリリースしました。一度書いた文章を、XとLinkedInそれぞれに合わせて自動で調整できます。ベータ版では120社の皆さまにご協力いただき、投稿の準備にかかる時間が平均で40%短くなりました。詳しくは https://postflow.example.com/ja をご覧ください。皆さんはどのSNSに一番時間を使っていますか？';
    const thread = splitIntoThread(japanese);
    expect(thread.length).toBeGreaterThan(1);
    expect(failed(japanese, thread[0] as string, 'x', thread)).not.toContain('thread_whole');

    const english = 'Scheduling posts across networks takes planning. '.repeat(8).trim();
    const cut = [english.slice(0, 200), english.slice(200)];
    expect(failed(english, 'Scheduling posts across networks takes planning.', 'x', cut)).toContain('thread_whole');
  });
});

describe('repairHashtags', () => {
  it('drops repeated, unfounded and surplus hashtags from the tag line, and keeps the word of one inside a sentence', () => {
    const original = 'We help small businesses in Berlin plan their posts.';
    expect(repairHashtags(original, 'We help #SmallBusinesses in #Productivity plan. #Berlin #AI #smallbusinesses #Growth', 'x')).toBe(
      'We help #SmallBusinesses in Productivity plan. #Berlin',
    );
  });
});

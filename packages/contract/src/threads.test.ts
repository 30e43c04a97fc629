import { describe, expect, it } from 'vitest';
import { createPostRequestSchema, publishDataSchema } from './posts';
import { normalizeThreadPart } from './threads';

const xChannel = '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c01';
const image = '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c09';
const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
const parts = (count: number) => Array.from({ length: count }, (_, index) => `Part ${index + 1} of a long story.`);

describe('threads and first comments in the publish data (docs/decisions/155-threads.md)', () => {
  it('takes an X thread in place of the X text, parts as strings or with their images', () => {
    const parsed = publishDataSchema.parse({
      enhancedContent: { linkedin: 'One post' },
      platforms: ['x', 'linkedin'],
      thread: { x: ['First', { text: 'Second', mediaIds: [image], media: [{ alt: 'A chart' }] }] },
      firstComment: { linkedin: 'The link: https://example.com' },
    });
    expect(parsed.thread?.x?.map(normalizeThreadPart)).toEqual([
      { text: 'First', mediaIds: [], alts: [] },
      { text: 'Second', mediaIds: [image], alts: ['A chart'] },
    ]);
    expect(parsed.firstComment).toEqual({ linkedin: 'The link: https://example.com' });
  });

  it('refuses 26 parts, an empty part and a part over 280 weighted characters, naming the part', () => {
    const data = (thread: unknown[]) => ({ enhancedContent: {}, platforms: ['x'], thread: { x: thread } });
    expect(issues(publishDataSchema.safeParse(data(parts(26))))).toEqual([
      ['thread.x', 'The X thread has 26 parts; a thread can have up to 25'],
    ]);
    expect(issues(publishDataSchema.safeParse(data(['One', '  ', 'Three'])))).toEqual([
      ['thread.x.1', 'Part 2 of the X thread is empty: write it or remove the part'],
    ]);
    // Zero-width spaces, joiners, a byte-order mark or a braille blank show nothing: still empty.
    expect(issues(publishDataSchema.safeParse(data(['One', '\u200B\u200D', '\uFEFF \u2800', 'Four 👩‍💻'])))).toEqual([
      ['thread.x.1', 'Part 2 of the X thread is empty: write it or remove the part'],
      ['thread.x.2', 'Part 3 of the X thread is empty: write it or remove the part'],
    ]);
    // 141 CJK characters weigh 282.
    expect(issues(publishDataSchema.safeParse(data(['One', 'Two', '字'.repeat(141)])))).toEqual([
      ['thread.x.2', 'Part 3 of the X thread is 282 characters; X allows 280 (links count 23, emoji and CJK 2)'],
    ]);
    expect(publishDataSchema.safeParse(data(parts(25))).success).toBe(true);
  });

  it('refuses a first comment on X, one over 1,250 characters, and a thread for LinkedIn', () => {
    expect(issues(publishDataSchema.safeParse({ enhancedContent: { x: 'Hi' }, platforms: ['x'], firstComment: { x: 'Link' } }))).toEqual([
      ['firstComment.x', 'X has no first comment: make it part 2 of an X thread instead; first comments are for LinkedIn'],
    ]);
    const long = publishDataSchema.safeParse({
      enhancedContent: { linkedin: 'Hi' },
      platforms: ['linkedin'],
      firstComment: { linkedin: 'a'.repeat(1251) },
    });
    expect(issues(long)).toEqual([
      ['firstComment.linkedin', 'The LinkedIn first comment is 1,251 characters; LinkedIn allows 1,250 in a comment'],
    ]);
    const invisible = publishDataSchema.safeParse({
      enhancedContent: { linkedin: 'Hi' },
      platforms: ['linkedin'],
      firstComment: { linkedin: '\u200B\u2060' },
    });
    expect(issues(invisible)).toEqual([['firstComment.linkedin', 'The LinkedIn first comment is empty: write it or leave it out']]);
    expect(
      issues(
        publishDataSchema.safeParse({ enhancedContent: { linkedin: 'Hi' }, platforms: ['linkedin'], thread: { linkedin: ['a', 'b'] } }),
      ),
    ).toEqual([['thread.linkedin', 'LinkedIn has no threads: send one text for LinkedIn, with a first comment if you like']]);
  });

  it('takes a thread per channel in POST /posts, only for a chosen channel', () => {
    expect(
      createPostRequestSchema.parse({ text: 'Hi', channels: [xChannel], perChannelThread: { [xChannel]: ['a', 'b'] } }).perChannelThread,
    ).toEqual({
      [xChannel]: ['a', 'b'],
    });
    expect(
      issues(createPostRequestSchema.safeParse({ text: 'Hi', channels: [xChannel], perChannelThread: { [image]: ['a', 'b'] } })),
    ).toEqual([[`perChannelThread.${image}`, 'This thread is for a channel that is not chosen']]);
    expect(
      issues(createPostRequestSchema.safeParse({ text: 'Hi', channels: [xChannel], perChannelThread: { [xChannel]: ['a', ''] } })),
    ).toEqual([[`perChannelThread.${xChannel}.1`, `Part 2 of channel ${xChannel}'s thread is empty: write it or remove the part`]]);
  });
});

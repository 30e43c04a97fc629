import { describe, expect, it } from 'vitest';
import { aPost } from '../../../../test/post-data';
import { mergeStatusLists } from './merge-status-lists';

describe('mergeStatusLists', () => {
  it('shows a post caught between two reads once, in the furthest status read', () => {
    const waiting = aPost({ status: 'scheduled' });
    const sending = { ...waiting, status: 'pending' as const };
    const other = aPost({ status: 'failed' });
    const { upcoming } = mergeStatusLists([], [[waiting], [sending], [other]]);
    expect(upcoming.map((post) => [post.id, post.status])).toEqual([
      [waiting.id, 'pending'],
      [other.id, 'failed'],
    ]);
    expect(mergeStatusLists([], [[sending], [waiting]]).upcoming.map((post) => post.status)).toEqual(['pending']);
  });

  it('keeps a post that is already published out of the Scheduled tab', () => {
    const out = aPost({ status: 'published' });
    const stillWaiting = { ...out, status: 'scheduled' as const };
    const { published, upcoming } = mergeStatusLists([out], [[stillWaiting], []]);
    expect(published).toEqual([out]);
    expect(upcoming).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { aPost } from '../../../../test/post-data';
import { collapseText, editLimit, PUBLISHED_COLLAPSE_AT, SCHEDULED_COLLAPSE_AT, statusGroup, toDisplayPost } from './post-display';
import { formatCount } from '../../../../lib/format-count';

describe('statusGroup (post status values)', () => {
  it.each([
    ['published', 'published'],
    ['completed', 'published'],
    ['scheduled', 'scheduled'],
    ['pending', 'scheduled'],
    ['failed', 'attention'],
    ['missed', 'attention'],
    ['needs_reconnect', 'attention'],
    [undefined, 'attention'],
  ])('%s → %s', (status, group) => {
    expect(statusGroup(status)).toBe(group);
  });
});

describe('collapseText', () => {
  it('keeps text up to the threshold whole and cuts the rest with ...', () => {
    expect(collapseText('a'.repeat(PUBLISHED_COLLAPSE_AT), PUBLISHED_COLLAPSE_AT)).toEqual({ collapsible: false, short: 'a'.repeat(120) });
    expect(collapseText('a'.repeat(121), PUBLISHED_COLLAPSE_AT)).toEqual({ collapsible: true, short: `${'a'.repeat(120)}...` });
    expect(collapseText('b'.repeat(150), SCHEDULED_COLLAPSE_AT).collapsible).toBe(false);
    expect(collapseText('b'.repeat(151), SCHEDULED_COLLAPSE_AT).collapsible).toBe(true);
  });
  it('cuts at a word, not inside one', () => {
    const text = `${'word '.repeat(23)}whatever you think`;
    expect(collapseText(text, PUBLISHED_COLLAPSE_AT).short).toBe(`${'word '.repeat(22)}word...`);
  });
  it('never splits an emoji', () => {
    expect(collapseText('😀'.repeat(5), 3).short).toBe('😀😀😀...');
  });
});

describe('editLimit (docs/product.md, Profile · Edit scheduled post)', () => {
  it('is 1300 for LinkedIn, 280 weighted for X and Twitter, 1000 otherwise', () => {
    expect(editLimit('linkedin').limit).toBe(1300);
    expect(editLimit('twitter').limit).toBe(280);
    expect(editLimit('x').limit).toBe(280);
    expect(editLimit('mastodon').limit).toBe(1000);
    // X counts a URL as 23 and an emoji as 2.
    expect(editLimit('twitter').length('see https://example.com/a/very/long/path 😀')).toBe(4 + 23 + 1 + 2);
    expect(editLimit('linkedin').length('😀')).toBe(2);
  });
});

describe('toDisplayPost (display mapping)', () => {
  it('maps the list answer to what a card shows, with who it went out as for the author', () => {
    const post = aPost({
      platform: 'linkedin',
      media_urls: ['https://x.test/a.png', 'https://x.test/b.png'],
      platform_url: 'https://www.linkedin.com/feed/update/1',
      likes_count: 12,
      comments_count: 3,
    });
    const shown = toDisplayPost(post);
    expect(shown).toMatchObject({
      content: post.text,
      platform: 'linkedin',
      image: 'https://x.test/a.png',
      mediaUrls: ['https://x.test/a.png', 'https://x.test/b.png'],
      platformURL: 'https://www.linkedin.com/feed/update/1',
      user: { name: 'Ada on X', avatar: null },
      // The counts the feed shows for the same post, not zeros.
      engagement: { likes: 12, comments: 3 },
    });
  });
  it("writes the handle as the network does: '@' on X, a LinkedIn page marked as one", () => {
    expect(toDisplayPost(aPost()).user.handle).toBe('@ada_on_x');
    const page = aPost({ platform: 'linkedin', author: { kind: 'page', name: 'Acme', handle: 'acme-inc', avatar_url: null } });
    expect(toDisplayPost(page).user).toEqual({ name: 'Acme', handle: 'Page · acme-inc', avatar: null });
  });
});

describe('formatCount (docs/product.md, Shared rules · Numbers and times)', () => {
  it('shows K from 1,000 and M from 1,000,000 with one decimal', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.0K');
    expect(formatCount(1540)).toBe('1.5K');
    expect(formatCount(999_949)).toBe('999.9K');
    expect(formatCount(999_950)).toBe('1.0M');
    expect(formatCount(2_345_678)).toBe('2.3M');
  });
});

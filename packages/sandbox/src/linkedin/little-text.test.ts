import { describe, expect, it } from 'vitest';
import { publishedCommentary, templateHashtags } from './little-text';

describe('little text', () => {
  it('cuts at the first unescaped reserved character', () => {
    expect(publishedCommentary('Guam (GPA) update')).toBe('Guam ');
    expect(publishedCommentary('5 * 3 = 15')).toBe('5 ');
  });

  it('keeps escaped characters, hashtags, mentions, templates and URLs', () => {
    const text = 'Launch \\(beta\\) #news {hashtag|\\#|more} @[Acme](urn:li:organization:123) https://example.com/a_b(c)';
    expect(publishedCommentary(text)).toBe(text);
  });

  it('turns hashtags into templates on read, but not escaped ones', () => {
    expect(templateHashtags('Go #team and \\#not')).toBe('Go {hashtag|\\#|team} and \\#not');
  });
});

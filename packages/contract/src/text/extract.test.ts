import { describe, expect, it } from 'vitest';
import { extractHashtags, extractHashtagsWithIndices } from './hashtags';
import { extractUrls, extractUrlsWithIndices } from './urls';

describe('extractUrls', () => {
  it('finds links with a scheme, with www and with a known TLD', () => {
    expect(extractUrls('Read https://example.com/a, www.example.org and docs.postflow.dev/start now')).toEqual([
      'https://example.com/a',
      'www.example.org',
      'docs.postflow.dev/start',
    ]);
    expect(extractUrls('HTTPS://www.ExaMPLE.COM/index.html')).toEqual(['HTTPS://www.ExaMPLE.COM/index.html']);
    expect(extractUrls('t.co and foo.co.jp')).toEqual(['t.co', 'foo.co.jp']);
  });

  it('leaves sentence punctuation and unbalanced parentheses out of the link', () => {
    expect(extractUrls('(see https://example.com/page).')).toEqual(['https://example.com/page']);
    expect(extractUrls('https://en.wikipedia.org/wiki/Foo_(bar) is a page')).toEqual(['https://en.wikipedia.org/wiki/Foo_(bar)']);
    expect(extractUrls('Is it https://example.com/?q=1&x=y?')).toEqual(['https://example.com/?q=1&x=y']);
  });

  it('ignores e-mail addresses, file names, unknown TLDs and words glued to a link', () => {
    expect(extractUrls('mail me@example.com, open notes.txt or report.pdf, visit foo.notatld')).toEqual([]);
    expect(extractUrls('xhttps://example.com')).toEqual([]);
    expect(extractUrls('ftp://example.com')).toEqual([]);
  });

  it('reports offsets that slice back to the link', () => {
    const text = 'a https://example.com/x b www.test.org c';
    for (const match of extractUrlsWithIndices(text)) expect(text.slice(match.start, match.end)).toBe(match.url);
  });
});

describe('extractHashtags', () => {
  it('finds tags in order with their #', () => {
    expect(extractHashtags('Big news #Launch today! #SmallBusiness #AI')).toEqual(['#Launch', '#SmallBusiness', '#AI']);
    expect(extractHashtags('Unicode #café #日本 and full-width ＃Tokyo')).toEqual(['#café', '#日本', '#Tokyo']);
  });

  it('skips numbers, tags inside words or links, and chained tags', () => {
    expect(extractHashtags('#1 C#sharp &#39; https://example.com/#anchor #a#b')).toEqual([]);
  });

  it('reports offsets of the tag as written', () => {
    const text = 'go #Team';
    const [match] = extractHashtagsWithIndices(text);
    expect(match && text.slice(match.start, match.end)).toBe('#Team');
  });
});

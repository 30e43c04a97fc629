import { describe, expect, it } from 'vitest';
import { decodeRestliValue, parseRestliQuery } from './restli';

describe('Rest.li 2.0 query decoding', () => {
  it('decodes lists of encoded urns', () => {
    expect(decodeRestliValue('List(urn%3Ali%3Ashare%3A1,urn%3Ali%3AugcPost%3A2)')).toEqual(['urn:li:share:1', 'urn:li:ugcPost:2']);
  });

  it('decodes nested objects', () => {
    expect(decodeRestliValue('(timeRange:(start:1704067200000,end:1706745600000),timeGranularityType:DAY)')).toEqual({
      timeRange: { start: '1704067200000', end: '1706745600000' },
      timeGranularityType: 'DAY',
    });
  });

  it('keeps an encoded comma inside a value', () => {
    expect(decodeRestliValue('List(a%2Cb,c)')).toEqual(['a,b', 'c']);
  });

  it('reads the raw query of a URL, and the empty string marker', () => {
    expect(parseRestliQuery("/rest/posts?q=author&author=urn%3Ali%3Aperson%3Aabc&x=''").values).toEqual({
      q: 'author',
      author: 'urn:li:person:abc',
      x: '',
    });
  });

  it('reports unbalanced syntax', () => {
    expect(parseRestliQuery('/rest/x?ids=List(1,2').error).toMatch(/ids/);
  });
});

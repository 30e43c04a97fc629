import { describe, expect, it } from 'vitest';
import { extractUrls, weightedLength } from './weighted-length';

describe('weightedLength (twitter-text v3)', () => {
  it('counts Latin text one per character', () => {
    expect(weightedLength('hello')).toBe(5);
    expect(weightedLength('café')).toBe(4);
  });

  it('counts CJK, Hangul and symbols outside the light ranges as two', () => {
    expect(weightedLength('日本語')).toBe(6);
    expect(weightedLength('한국')).toBe(4);
    expect(weightedLength('→')).toBe(2);
  });

  it('counts the general punctuation light ranges as one', () => {
    expect(weightedLength('\u2014\u2019\u2033')).toBe(3);
  });

  it('counts any emoji sequence as two', () => {
    expect(weightedLength('🎉')).toBe(2);
    expect(weightedLength('👩‍👩‍👧‍👦')).toBe(2);
    expect(weightedLength('👍🏽')).toBe(2);
    expect(weightedLength('🇫🇷')).toBe(2);
    expect(weightedLength('1️⃣')).toBe(2);
  });

  it('counts every URL as 23, with or without a scheme', () => {
    expect(weightedLength('see https://example.com/a/very/long/path?with=query')).toBe(4 + 23);
    expect(weightedLength('go to example.com now')).toBe(6 + 23 + 4);
    expect(weightedLength('http://t.co')).toBe(23);
  });

  it('leaves trailing punctuation outside the URL', () => {
    expect(extractUrls('read https://example.com/page.').map((url) => url.url)).toEqual(['https://example.com/page']);
    expect(weightedLength('(https://example.com)')).toBe(25);
  });

  it('normalises to NFC first', () => {
    expect(weightedLength('e\u0301')).toBe(1);
  });
});

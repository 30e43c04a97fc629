import { describe, expect, it } from 'vitest';
import { fitToX, truncateForXFallback } from './fit';
import { xWeightedLength } from './x-length';

const sentence = 'Postflow schedules posts to X and LinkedIn with one text tailored per network. ';

describe('fitToX', () => {
  it('returns a text that already fits unchanged', () => {
    expect(fitToX('Short and sweet #tag')).toBe('Short and sweet #tag');
    expect(fitToX('a'.repeat(280))).toBe('a'.repeat(280));
  });

  it('cuts at a word boundary within 280 and marks the cut with an ellipsis', () => {
    const text = sentence.repeat(6);
    const fitted = fitToX(text);
    expect(xWeightedLength(fitted)).toBeLessThanOrEqual(280);
    expect(fitted.endsWith('…')).toBe(true);
    const kept = fitted.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    // The character after the kept part in the original is a space or punctuation, never a letter.
    expect(text[kept.length]).toMatch(/[\s.,]/);
    expect(xWeightedLength(fitted)).toBeGreaterThan(240);
  });

  it('keeps the trailing hashtags that fit after the cut', () => {
    const text = `${sentence.repeat(5)}#Launch #SmallBusiness`;
    const fitted = fitToX(text);
    expect(xWeightedLength(fitted)).toBeLessThanOrEqual(280);
    expect(fitted).toMatch(/… #Launch #SmallBusiness$/);
  });

  it('drops trailing hashtags without an ellipsis when the text itself fits', () => {
    const body = 'b'.repeat(272);
    const fitted = fitToX(`${body} #One #Two #Three`);
    expect(fitted).toBe(`${body} #One`);
  });

  it('never splits a link or an emoji and respects a custom limit', () => {
    const text = `Look 👨‍👩‍👧‍👦 at https://example.com/${'x'.repeat(100)} and more words here`;
    for (let limit = 5; limit <= 60; limit++) {
      const fitted = fitToX(text, limit);
      expect(xWeightedLength(fitted)).toBeLessThanOrEqual(limit);
      expect(fitted).not.toMatch(/https:\/\/example\.com\/x{1,99}(?!x)/);
      expect(fitted).not.toMatch(/\u200D…/);
    }
  });

  it('cuts text without spaces (CJK) within the limit', () => {
    const text = '故人西辞黄鹤楼，烟花三月下扬州。孤帆远影碧空尽，唯见长江天际流。'.repeat(10);
    const fitted = fitToX(text);
    expect(xWeightedLength(fitted)).toBeLessThanOrEqual(280);
    expect(xWeightedLength(fitted)).toBeGreaterThan(250);
    expect(text.startsWith(fitted.slice(0, -1))).toBe(true);
  });

  it('stays within the limit for generated texts', () => {
    const pieces = [
      'word',
      'longerword',
      'émigré',
      '日本語',
      '👍🏽',
      '🇫🇷',
      'https://example.com/path',
      'www.site.org',
      '#tag',
      '\n\n',
      '.',
      ',',
      '(x)',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % pieces.length;
    for (let round = 0; round < 150; round++) {
      const words = Array.from({ length: 20 + (round % 90) }, () => pieces[next()]);
      const text = words.join(round % 3 === 0 ? '' : ' ');
      const fitted = fitToX(text);
      expect(xWeightedLength(fitted)).toBeLessThanOrEqual(280);
      if (xWeightedLength(text) <= 280) expect(fitted).toBe(text);
      else expect(fitted.length).toBeGreaterThan(0);
    }
  });
});

describe('truncateForXFallback (docs/product.md, Composer · Enhance)', () => {
  it('keeps a text of up to 280 characters as it is', () => {
    expect(truncateForXFallback('a'.repeat(280))).toBe('a'.repeat(280));
  });

  it('cuts a longer text to its first 277 characters plus three dots', () => {
    const text = 'abcdefghij'.repeat(30);
    const cut = truncateForXFallback(text);
    expect(cut).toBe(`${text.slice(0, 277)}...`);
    expect(cut.length).toBe(280);
  });

  it('does not leave half of an emoji', () => {
    const text = `${'a'.repeat(276)}😀${'b'.repeat(10)}`;
    expect(truncateForXFallback(text)).toBe(`${'a'.repeat(276)}...`);
  });
});

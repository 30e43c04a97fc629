import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitIntoThread } from './thread-split';
import { extractUrls } from './urls';
import { xWeightedLength } from './x-length';

const sentence = (n: number) => `Sentence number ${n} explains one more thing about scheduling posts well.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

describe('splitIntoThread', () => {
  it('leaves a text that fits as one part', () => {
    expect(splitIntoThread('  Short text.  ')).toEqual(['Short text.']);
    expect(splitIntoThread('')).toEqual([]);
  });

  it('keeps each paragraph whole when it fits in a post, starting a new part rather than splitting it', () => {
    const first = paragraph(1, 2);
    const second = paragraph(3, 3);
    const parts = splitIntoThread(`${first}\n\n${second}`);
    expect(parts).toEqual([first, second]);
  });

  it('splits a long paragraph between sentences, never inside one', () => {
    const text = paragraph(1, 12);
    const parts = splitIntoThread(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
      expect(part).toMatch(/^Sentence number \d+ .*well\.$/);
    }
    expect(parts.join(' ')).toBe(text);
  });

  it('honours the person’s own separator lines', () => {
    expect(splitIntoThread('One.\n---\nTwo.\n  -----  \nThree.')).toEqual(['One.', 'Two.', 'Three.']);
  });

  it('numbers the parts k/n within the limit', () => {
    const parts = splitIntoThread(paragraph(1, 12), { numbering: true });
    parts.forEach((part, index) => {
      expect(part.endsWith(` ${index + 1}/${parts.length}`)).toBe(true);
      expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
    });
  });

  it('never cuts a link, a mention or a word, and keeps every character but spacing', () => {
    const word = fc.constantFrom(
      'word',
      'émigré',
      '日本語の文章です。',
      '👍🏽',
      'https://example.com/a/very/long/path/that/goes/on/and/on/and/on/and/on/and/on/and/on/and/on/and/on/and/on/and/on/and/on',
      '@postflow_app',
      '#Launch',
      'end.',
      'really?',
      '\n',
      '\n\n',
      '\n---\n',
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 400 }), fc.boolean(), (words, numbering) => {
        const text = words.join(' ');
        const parts = splitIntoThread(text, { numbering });
        const bodies = numbering ? parts.map((part) => part.replace(/ \d+\/\d+$/, '')) : parts;
        for (const part of parts) expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
        expect(bodies.join('').replace(/\s|---/g, '')).toBe(text.replace(/\s|---/g, ''));
        expect(bodies.flatMap((part) => extractUrls(part))).toEqual(extractUrls(text.replace(/\n---\n/g, '\n')));
        const tokens = new Set(text.split(/\s+/));
        for (const part of bodies) for (const token of part.split(/\s+/)) expect(tokens).toContain(token);
      }),
      { numRuns: 200 },
    );
  });

  it('splits a single run of text with no spaces (CJK) into parts that fit', () => {
    const text = '故人西辞黄鹤楼烟花三月下扬州孤帆远影碧空尽唯见长江天际流'.repeat(20);
    const parts = splitIntoThread(text);
    for (const part of parts) expect(xWeightedLength(part)).toBeLessThanOrEqual(280);
    expect(parts.join('')).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { lengthTone, xCount, xCounterText, xWeightNote } from './counters';

describe('lengthTone (warn above 90%)', () => {
  it('is normal up to 90% of 2,000, a warning above, danger over the maximum', () => {
    expect(lengthTone(1800)).toBe('normal');
    expect(lengthTone(1801)).toBe('warning');
    expect(lengthTone(2000)).toBe('warning');
    expect(lengthTone(2001)).toBe('danger');
    expect(lengthTone(2701, 3000)).toBe('warning');
  });
});

describe('xCount (X weighted, 280)', () => {
  it('counts a link as 23 and an emoji as 2', () => {
    expect(xCount('Read https://example.com/a/very/long/path/that/goes/on').used).toBe(5 + 23);
    expect(xCount('Hi 👋🏽').used).toBe(5);
  });

  it('warns when fewer than 30 remain and is danger when over', () => {
    expect(xCount('a'.repeat(250)).tone).toBe('normal');
    expect(xCount('a'.repeat(251))).toEqual({ used: 251, remaining: 29, tone: 'warning' });
    expect(xCount('a'.repeat(280)).tone).toBe('warning');
    expect(xCount('a'.repeat(281))).toEqual({ used: 281, remaining: -1, tone: 'danger' });
  });

  it('words the counter with what is left or over', () => {
    expect(xCounterText('a'.repeat(257))).toBe('X: 257 / 280 · 23 left');
    expect(xCounterText('a'.repeat(290))).toBe('X: 290 / 280 · 10 over');
  });
});

describe('xWeightNote: names only what the text has', () => {
  it('says nothing for plain text', () => {
    expect(xWeightNote('just words')).toBe('');
  });
  it('names links when there are links, emoji when there are emoji', () => {
    expect(xWeightNote('read https://example.com/a-long-path now')).toBe(' (links count 23)');
    expect(xWeightNote('party 🎉')).toBe(' (emoji 2)');
    expect(xWeightNote('🎉 at https://example.com')).toBe(' (links count 23, emoji 2)');
  });
  it('names characters X counts twice in other scripts', () => {
    expect(xWeightNote('こんにちは')).toBe(' (CJK characters 2)');
  });
});

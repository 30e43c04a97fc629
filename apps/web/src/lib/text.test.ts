import { describe, expect, it } from 'vitest';
import { cutAtWord, plural, quote } from './text';

describe('cutAtWord', () => {
  it('keeps a text that fits', () => {
    expect(cutAtWord('tell me why', 20)).toEqual({ cut: false, text: 'tell me why' });
  });

  it('cuts at the last word that fits, never inside one', () => {
    expect(cutAtWord('Please tell me what you think of this', 16).text).toBe('Please tell me…');
    expect(cutAtWord('Please tell me what you think', 14).text).toBe('Please tell me…');
  });

  it('drops punctuation left dangling at the cut', () => {
    expect(cutAtWord('First, second, third and more', 15).text).toBe('First, second…');
  });

  it('cuts inside a single word only when there is no space at all, without splitting an emoji', () => {
    expect(cutAtWord('Supercalifragilistic', 5).text).toBe('Super…');
    expect(cutAtWord('🎉🎉🎉🎉', 2).text).toBe('🎉🎉…');
  });
});

describe('quote and plural', () => {
  it('folds whitespace before cutting', () => {
    expect(quote('Big\n\nnews   today for everyone', 14)).toBe('Big news today…');
  });

  it('pluralises by count', () => {
    expect(`1 ${plural(1, 'comment')}`).toBe('1 comment');
    expect(`0 ${plural(0, 'comment')}`).toBe('0 comments');
    expect(`2 ${plural(2, 'reply', 'replies')}`).toBe('2 replies');
  });
});

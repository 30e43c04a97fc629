import { describe, expect, it } from 'vitest';
import { foldLinkedInText } from './linkedin-fold';

describe('foldLinkedInText', () => {
  it('keeps a text of up to 210 characters and three lines whole', () => {
    expect(foldLinkedInText('a'.repeat(210))).toEqual({ shown: 'a'.repeat(210), folded: false });
    expect(foldLinkedInText('a\nb\nc\n')).toEqual({ shown: 'a\nb\nc', folded: false });
  });

  it('cuts at a space near 210 characters rather than inside a word', () => {
    const text = `${'word '.repeat(41)}wonderful ending`; // the 42nd word starts at 205
    const fold = foldLinkedInText(text);
    expect(fold.folded).toBe(true);
    expect(fold.shown).toBe('word '.repeat(41).trimEnd());
  });

  it('never splits an emoji', () => {
    const fold = foldLinkedInText('🎉'.repeat(300));
    expect(Array.from(fold.shown)).toHaveLength(210);
    expect(fold.shown.endsWith('🎉')).toBe(true);
  });
});

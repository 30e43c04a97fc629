import { describe, expect, it } from 'vitest';
import { X_MAX_WEIGHTED_LENGTH } from './limits';
import { xRemaining, xUnits, xWeightedLength } from './x-length';

// Expected values from twitter-text's conformance suite (conformance/validate.yml,
// WeightedTweetsWithDiscountedEmojiCounterTest, config v3) unless marked otherwise.
describe('xWeightedLength', () => {
  it('counts ASCII one per character, newlines included', () => {
    expect(xWeightedLength('')).toBe(0);
    expect(xWeightedLength('This is a test.')).toBe(15);
    expect(xWeightedLength('a\nb')).toBe(3);
    expect(xWeightedLength(`285 chars-${'xxxxxxxxxx-'.repeat(25)}`)).toBe(285);
  });

  it('counts accented Latin one per character', () => {
    expect(xWeightedLength('café crème brûlée')).toBe(17);
    expect(xWeightedLength('nirantarāndhakāritā')).toBe(19);
  });

  it('counts CJK and Hangul two per character', () => {
    expect(xWeightedLength('日本語')).toBe(6);
    expect(xWeightedLength('저찀쯿쿿')).toBe(8);
    expect(xWeightedLength('the故人西辞黄鹤楼')).toBe(3 + 7 * 2);
  });

  it('counts an emoji sequence two, whatever it is made of', () => {
    expect(xWeightedLength('😷👾😡🔥💩')).toBe(10);
    expect(xWeightedLength('H🐱☺👨‍👩‍👧‍👦')).toBe(7);
    expect(xWeightedLength('👍🏽')).toBe(2); // skin tone
    expect(xWeightedLength('🙋🏽👨‍🎤')).toBe(4);
    expect(xWeightedLength('🇩🇪🇯🇵')).toBe(4); // flags
    expect(xWeightedLength('🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}')).toBe(2); // England, a tag sequence
    expect(xWeightedLength('1⃣')).toBe(2); // keycap
    expect(xWeightedLength('#️⃣')).toBe(2);
    expect(xWeightedLength('Unicode 9.0 emoji: 🤠; 💃; 💃🏾')).toBe(29);
    expect(xWeightedLength('👨‍👩‍👧‍👦'.repeat(140))).toBe(280);
  });

  it('treats © and ® as text unless they ask for the emoji presentation', () => {
    expect(xWeightedLength('©')).toBe(1);
    expect(xWeightedLength('©\uFE0F')).toBe(2);
    expect(xWeightedLength('☺\uFE0E')).toBe(4); // text presentation: two characters of weight 2
  });

  it('counts the light punctuation ranges one and the ellipsis two', () => {
    expect(xWeightedLength('‘’“”–—')).toBe(6);
    expect(xWeightedLength('′″')).toBe(2);
    expect(xWeightedLength('…')).toBe(2);
    expect(xWeightedLength('\u{10000}\u{10FFFF}')).toBe(4);
  });

  it('counts each link 23 whatever its length', () => {
    expect(xWeightedLength('http://test.com')).toBe(23);
    expect(xWeightedLength('https://test.com')).toBe(23);
    expect(xWeightedLength('test.com')).toBe(23);
    expect(xWeightedLength('Hi http://test.co')).toBe(26);
    expect(xWeightedLength(`https://example.com/${'a'.repeat(300)}`)).toBe(23);
    expect(xWeightedLength('Test https://test.com test https://test.com test.com test')).toBe(86);
    expect(xWeightedLength('https://www.twitter.com/aloha '.repeat(10))).toBe(240);
    expect(xWeightedLength('\u2066\u202Ahttp://foobar.پاکستان/\u202C\u2069')).toBe(31);
  });

  it('does not count a host with a label longer than 63 characters as a link', () => {
    expect(xWeightedLength('randomurlrandomurlrandomurlrandomurlrandomurlrandomurlrandomurls.com')).toBe(68);
    const kana = 'あいうえおかきくけこ';
    // Conformance: punycode of the host label decides (over 63 → not a link).
    expect(xWeightedLength(`${kana.repeat(12)} http://${kana.repeat(5)}あいう.com`)).toBe(358);
    expect(xWeightedLength(`${kana.repeat(12)} http://${kana.repeat(5)}あい.com`)).toBe(264);
  });

  it('normalises to NFC first', () => {
    const nfd = 'A\u0301B';
    expect(nfd.length).toBe(3);
    expect(xWeightedLength(nfd)).toBe(2);
    expect(xWeightedLength(nfd)).toBe(xWeightedLength(nfd.normalize('NFC')));
    expect(xWeightedLength('Aשּׁ')).toBe(4);
  });

  it('is exactly at the limit at 280 and over it at 281', () => {
    expect(xWeightedLength('a'.repeat(280))).toBe(X_MAX_WEIGHTED_LENGTH);
    expect(xRemaining('a'.repeat(280))).toBe(0);
    expect(xRemaining('a'.repeat(281))).toBe(-1);
    expect(xRemaining('日'.repeat(140))).toBe(0);
    expect(xRemaining(`${'a'.repeat(256)} https://example.com/x`)).toBe(0);
  });

  it('splits a text into units whose weights add up to the weighted length', () => {
    const samples = ['', 'plain', 'Hi 👋🏽 https://example.com/a(b) 日本 ©\uFE0F #tag', 'e\u0301 ☺\uFE0E 1⃣ 🇫🇷'];
    for (const sample of samples) {
      const text = sample.normalize('NFC');
      const units = xUnits(text);
      expect(units.reduce((sum, unit) => sum + unit.weight, 0)).toBe(xWeightedLength(text));
      expect(units.map((unit) => text.slice(unit.start, unit.end)).join('')).toBe(text);
    }
  });
});

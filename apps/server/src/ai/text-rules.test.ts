import { describe, expect, it } from 'vitest';
import { hashtagKey, normaliseTag, toHashtag, withinLimit } from './text-rules';
import { tightenForX } from './builtin/tighten';

describe('hashtags', () => {
  it('builds CamelCase tags from words and keeps existing capitals', () => {
    expect(toHashtag('small businesses')).toBe('#SmallBusinesses');
    expect(toHashtag(['remote', 'work'])).toBe('#RemoteWork');
    expect(toHashtag('iPhone tips')).toBe('#iPhoneTips');
    expect(toHashtag("what's new?")).toBe('#WhatSNew');
    expect(toHashtag('2024')).toBeUndefined();
    expect(toHashtag('a'.repeat(40))).toBeUndefined();
  });

  it('normalises tags people type', () => {
    expect(normaliseTag('#AI')).toBe('#AI');
    expect(normaliseTag('saas')).toBe('#saas');
    expect(normaliseTag('  ##growth hacking ')).toBe('#GrowthHacking');
    expect(normaliseTag('#')).toBeUndefined();
  });

  it('compares tags ignoring case and plural endings', () => {
    expect(hashtagKey('#Posts')).toBe(hashtagKey('#post'));
    expect(hashtagKey('#Businesses')).toBe(hashtagKey('#business'));
    expect(hashtagKey('#Stories')).toBe(hashtagKey('#story'));
    expect(hashtagKey('#AI')).not.toBe(hashtagKey('#API'));
  });
});

describe('limits', () => {
  it('measures LinkedIn text after little-text escaping', () => {
    expect(withinLimit('linkedin', '('.repeat(1500))).toBe(true);
    expect(withinLimit('linkedin', '('.repeat(1501))).toBe(false);
    expect(withinLimit('x', '日'.repeat(140))).toBe(true);
    expect(withinLimit('x', '日'.repeat(141))).toBe(false);
  });
});

describe('tightenForX', () => {
  it('drops filler and wordy phrases, keeping capitals, links, tags and negations', () => {
    expect(tightenForX('Really excited to share this. We just built it in order to help.')).toBe(
      'Excited to share this. We built it to help.',
    );
    expect(tightenForX("It's not really done.")).toBe("It's not really done.");
    expect(tightenForX('See https://example.com/just/very and #reallycool @justme')).toBe(
      'See https://example.com/just/very and #reallycool @justme',
    );
  });

  it('collapses spaces and blank lines', () => {
    expect(tightenForX('  one   two\r\n\r\n\r\nthree\t\tfour  ')).toBe('one two\nthree four');
  });
});

import { describe, expect, it } from 'vitest';
import { escapeLittleText, linkedInLength, littleTextLength, unescapeLittleText } from './linkedin-text';

describe('escapeLittleText', () => {
  it('backslash-escapes every reserved character so LinkedIn does not cut the post at it', () => {
    expect(escapeLittleText('Launch (beta) | {x} [y] <z> * _ ~ @team')).toBe(
      'Launch \\(beta\\) \\| \\{x\\} \\[y\\] \\<z\\> \\* \\_ \\~ \\@team',
    );
  });

  it('escapes a backslash itself, so it reaches the feed as one backslash', () => {
    expect(escapeLittleText('C:\\temp')).toBe('C:\\\\temp');
    expect(escapeLittleText('\\#notatag')).toBe('\\\\\\#notatag');
  });

  it('keeps well-formed hashtags as hashtags', () => {
    expect(escapeLittleText('Ship it #launch #Día_1 today')).toBe('Ship it #launch #Día_1 today');
    expect(escapeLittleText('(#inside)')).toBe('\\(#inside\\)');
  });

  it('escapes a # that does not start a hashtag', () => {
    expect(escapeLittleText('We are #1')).toBe('We are \\#1');
    expect(escapeLittleText('C# and issue#12 and # alone')).toBe('C\\# and issue\\#12 and \\# alone');
    expect(escapeLittleText('#tag_')).toBe('#tag\\_');
  });

  it('leaves URLs untouched, including their reserved characters', () => {
    expect(escapeLittleText('Read https://example.com/a_b?q=(1)#frag now')).toBe('Read https://example.com/a_b?q=(1)#frag now');
  });

  it('escapes punctuation that closes the sentence around a URL', () => {
    expect(escapeLittleText('(see https://example.com/x)')).toBe('\\(see https://example.com/x\\)');
    expect(escapeLittleText('see https://en.wikipedia.org/wiki/Foo_(bar)')).toBe('see https://en.wikipedia.org/wiki/Foo_(bar)');
  });

  it('escapes reserved characters glued to the front of a URL-looking word', () => {
    expect(escapeLittleText('x(https://a.io)')).toBe('x\\(https://a.io\\)');
  });
});

describe('unescapeLittleText', () => {
  it('gives back the text as written, for reconciling with what we sent', () => {
    const original = 'Launch (beta) \\o/ #ship it: https://a.io/x_y [1] @team';
    expect(unescapeLittleText(escapeLittleText(original))).toBe(original);
  });

  it('turns hashtag templates from reads back into #tags', () => {
    expect(unescapeLittleText('Go {hashtag|\\#|launch} now \\(really\\)')).toBe('Go #launch now (really)');
  });
});

describe('littleTextLength', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(littleTextLength('👍🏽a')).toBe(3);
  });
});

describe('linkedInLength', () => {
  it('counts a text as LinkedIn will, once its reserved characters are escaped', () => {
    expect(linkedInLength('Launch (beta)')).toBe(15);
    expect(linkedInLength('#launch https://a.io/x_(y)')).toBe(26);
    expect(linkedInLength('👍🏽 ok')).toBe(5);
  });
});

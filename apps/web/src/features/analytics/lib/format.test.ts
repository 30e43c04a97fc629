import { describe, expect, it } from 'vitest';
import { excerpt, formatCount, formatRate, relativeTime, sinceText } from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1.0K'],
    [1_234, '1.2K'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [2_500_000, '2.5M'],
  ])('%d → %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});

describe('formatRate', () => {
  it('shows a percent with two decimals', () => {
    expect(formatRate(3.256)).toBe('3.26%');
    expect(formatRate(0)).toBe('0.00%');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it.each([
    [59_000, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000, '59m ago'],
    [3 * 3_600_000, '3h ago'],
    [6 * 86_400_000, '6d ago'],
  ])('%d ms ago reads %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });

  it('falls back on the locale date from 7 days on, and treats a future time as now', () => {
    expect(relativeTime(ago(7 * 86_400_000), now)).toBe(new Date(now - 7 * 86_400_000).toLocaleDateString());
    expect(relativeTime(ago(-30_000), now)).toBe('Just now');
  });

  it('reads inside a sentence', () => {
    expect(sinceText('Last refreshed', ago(1_000), now)).toBe('Last refreshed just now');
    expect(sinceText('Last refreshed', ago(5 * 60_000), now)).toBe('Last refreshed 5m ago');
    expect(sinceText('Last refreshed', ago(30 * 86_400_000), now)).toBe(
      `Last refreshed on ${new Date(now - 30 * 86_400_000).toLocaleDateString()}`,
    );
  });
});

describe('excerpt', () => {
  it('keeps a short text whole, folding its whitespace', () => {
    expect(excerpt('Hello\n\nworld  again')).toBe('Hello world again');
  });

  it('cuts a long text at a word and adds an ellipsis', () => {
    const text = `${'word '.repeat(40)}end`;
    const short = excerpt(text, 30);
    expect(short.endsWith('word…')).toBe(true);
    expect(short.length).toBeLessThanOrEqual(31);
  });

  it('never cuts inside a word, even a long one near the end', () => {
    expect(excerpt('A supercalifragilisticexpialidocious day', 30)).toBe('A…');
  });
});

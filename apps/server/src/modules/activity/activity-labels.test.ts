import { describe, expect, it } from 'vitest';
import { accountLabel, postLabel } from './activity-labels';

describe('activity labels', () => {
  it('keeps a short post whole and cuts a long one at a word, with an ellipsis', () => {
    expect(postLabel('  Launch   day\n is here ')).toBe('Launch day is here');
    expect(postLabel('Launch day is here and we are thrilled to share what the whole team has been building')).toBe(
      'Launch day is here and we are thrilled to share what the…',
    );
    expect(postLabel('Done, and, then, some, more', 12)).toBe('Done, and…');
    expect(postLabel('x'.repeat(80), 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('names an account by its handle, else its display name', () => {
    expect(accountLabel({ username: 'ada_x', displayName: 'Ada' })).toBe('@ada_x');
    expect(accountLabel({ username: null, displayName: 'Ada Lovelace' })).toBe('Ada Lovelace');
  });
});

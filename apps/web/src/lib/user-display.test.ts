import { describe, expect, it } from 'vitest';
import { displayName } from './user-display';

describe('displayName', () => {
  it('prefers the name', () => {
    expect(displayName({ name: 'Ada Lovelace', firstName: 'Ada', username: 'ada', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('falls back to the first name when the name is empty', () => {
    expect(displayName({ name: '  ', firstName: 'Ada', username: 'ada', email: 'ada@example.com' })).toBe('Ada');
  });

  it('falls back to the username', () => {
    expect(displayName({ name: '', firstName: null, username: 'countess', email: 'ada@example.com' })).toBe('countess');
  });

  it('falls back to the part of the email before the @', () => {
    expect(displayName({ name: '', firstName: null, username: null, email: 'ada.l@example.com' })).toBe('ada.l');
  });

  it("ends with 'User'", () => {
    expect(displayName({ name: '', firstName: null, username: null, email: null })).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});

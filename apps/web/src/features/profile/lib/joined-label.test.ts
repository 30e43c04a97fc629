import { describe, expect, it } from 'vitest';
import { joinedLabel } from './joined-label';

describe('joinedLabel', () => {
  it("is the month and year, or 'January 2023' when unknown", () => {
    expect(joinedLabel('2025-01-15T10:00:00.000Z', { locale: 'en-US', timeZone: 'UTC' })).toBe('January 2025');
    expect(joinedLabel(null)).toBe('January 2023');
    expect(joinedLabel('garbage')).toBe('January 2023');
  });
});

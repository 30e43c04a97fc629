import { describe, expect, it } from 'vitest';
import { inNetworkOrder, stepAfterContent, stepBefore, stepLabel } from './wizard';

describe('wizard routing (docs/product.md, Composer · Steps)', () => {
  it('puts four steps under three labels', () => {
    expect(['platforms', 'content', 'enhance', 'review'].map((step) => stepLabel(step as never))).toEqual([
      'Platforms',
      'Content',
      'Content',
      'Schedule',
    ]);
  });

  it('goes from Content straight to Review when the AI step is skipped, else to Enhance', () => {
    expect(stepAfterContent(true)).toBe('review');
    expect(stepAfterContent(false)).toBe('enhance');
  });

  it('goes Back from Review to where Review was reached from, and one step down elsewhere', () => {
    expect(stepBefore('review', 'content')).toBe('content');
    expect(stepBefore('review', 'enhance')).toBe('enhance');
    expect(stepBefore('enhance', 'enhance')).toBe('content');
    expect(stepBefore('content', 'enhance')).toBe('platforms');
    expect(stepBefore('platforms', 'enhance')).toBeNull();
  });

  it('keeps networks in X-then-LinkedIn order whatever the picking order', () => {
    expect(inNetworkOrder(['linkedin', 'x'])).toEqual(['x', 'linkedin']);
    expect(inNetworkOrder(['linkedin'])).toEqual(['linkedin']);
  });
});

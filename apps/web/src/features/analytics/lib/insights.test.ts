import { describe, expect, it } from 'vitest';
import { confidencePercent, insightType, priorityBadge } from './insights';

describe('insight display', () => {
  it('colours priorities red, orange, green, and grey otherwise', () => {
    expect(priorityBadge('high').className).toContain('bg-red-100');
    expect(priorityBadge('medium').className).toContain('bg-orange-100');
    expect(priorityBadge('low').className).toContain('bg-green-100');
    expect(priorityBadge('urgent').className).toContain('bg-slate-100');
  });

  it('gives each type its emoji, and a bulb to an unknown one', () => {
    expect(insightType('posting_time').emoji).toBe('⏰');
    expect(insightType('hashtag_strategy').emoji).toBe('#️⃣');
    expect(insightType('trend_analysis').emoji).toBe('📈');
    expect(insightType('something_new')).toEqual({ emoji: '💡', label: 'Insight' });
  });

  it('rounds the confidence to a whole percent', () => {
    expect(confidencePercent(0.876)).toBe('88%');
    expect(confidencePercent(0.5)).toBe('50%');
    expect(confidencePercent(1)).toBe('100%');
  });
});

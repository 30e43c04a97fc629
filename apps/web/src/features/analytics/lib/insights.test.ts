import { describe, expect, it } from 'vitest';
import { AlarmIcon, BulbIcon, HashIcon, TrendUpIcon } from '../../../components/ui/icons';
import { confidencePercent, insightType, priorityBadge } from './insights';

describe('insight display', () => {
  it('colours priorities red, orange, green, and grey otherwise', () => {
    expect(priorityBadge('high').className).toContain('bg-red-100');
    expect(priorityBadge('medium').className).toContain('bg-orange-100');
    expect(priorityBadge('low').className).toContain('bg-green-100');
    expect(priorityBadge('urgent').className).toContain('bg-slate-100');
  });

  it('gives each type an icon of the app’s set, and a bulb to an unknown one', () => {
    // Icons from the app's set, never emoji (which need a colour-emoji font).
    expect(insightType('posting_time').Icon).toBe(AlarmIcon);
    expect(insightType('hashtag_strategy').Icon).toBe(HashIcon);
    expect(insightType('trend_analysis').Icon).toBe(TrendUpIcon);
    expect(insightType('something_new')).toEqual({ Icon: BulbIcon, label: 'Insight' });
  });

  it('rounds the confidence to a whole percent', () => {
    expect(confidencePercent(0.876)).toBe('88%');
    expect(confidencePercent(0.5)).toBe('50%');
    expect(confidencePercent(1)).toBe('100%');
  });
});

import { describe, expect, it } from 'vitest';
import { findInsights } from '../../modules/analytics/insights/insights-engine';
import type { PostObservation } from '../../modules/analytics/insights/observations';
import { acceptWording } from './insight-wording';

const NOW = new Date('2026-11-20T12:00:00Z');

/** 120 posts over 40 days; those sent between 14:00 and 16:00 UTC get half as many engagements again. */
function plantedPosts(): PostObservation[] {
  return Array.from({ length: 120 }, (_, index) => {
    const publishedAt = new Date(NOW.getTime() - 40 * 86_400_000 + index * 7 * 3_600_000 + (index % 7) * 60_000);
    const boosted = publishedAt.getUTCHours() >= 14 && publishedAt.getUTCHours() < 16;
    const engagements = Math.round((boosted ? 45 : 30) * (0.9 + ((index * 37) % 20) / 100));
    return {
      id: `p${index}`,
      network: 'x',
      publishedAt,
      text: `Post ${index}`,
      hasMedia: null,
      impressions: 1000,
      engagements,
    };
  });
}

// The finding exactly as the statistics phrase it, so the test follows their wording.
const finding = (() => {
  const timing = findInsights({ posts: plantedPosts(), platform: 'x', now: NOW, timeZone: 'UTC' }).find((draft) =>
    draft.fingerprint.startsWith('posting_time:'),
  );
  if (!timing) throw new Error('the planted effect was not found');
  return timing;
})();
const lift = finding.evidence.lift as number;
const liftPercent = Math.round((lift - 1) * 100);
const ratePercent = ((finding.evidence.group_median_rate as number) * 100).toFixed(1);
const sizes = `${finding.evidence.group_size as number} posts against ${finding.evidence.rest_size as number}`;

const worded = (description: string) => ({
  title: 'Your afternoon posts shine',
  description,
  recommendation: 'Keep your best posts for the early afternoon.',
});

describe('acceptWording', () => {
  it('takes a natural rewording of the figures: a multiplier as a difference, a rate rounded, clock times on a 12-hour clock', () => {
    expect(finding.title).toBe('Your posts do best between 14:00 and 16:00');
    for (const description of [
      `Posts you sent between 2 and 4 PM drew ${liftPercent}% more engagement than the rest (${ratePercent}% median), over ${sizes}.`,
      `From 14:00 to 16:00 UTC your engagement rate is ${lift.toFixed(1)} times the rest.`,
      `Between 2 PM and 4 PM you do best.`,
    ]) {
      expect(acceptWording(finding, worded(description)).description).toBe(description);
    }
  });

  it("keeps the statistics' words when a figure is invented, misread or taken for another", () => {
    for (const description of [
      `Posts between 2 and 4 PM drew ${liftPercent + 100}% more engagement.`,
      `Posts between 2 and 4 PM drew ${liftPercent + 7}% more engagement.`,
      `Your engagement rate there is ${(Number(ratePercent) + 1).toFixed(1)}%.`,
      `Over ${(finding.evidence.group_size as number) * 100} posts, the afternoon wins.`,
      `${finding.evidence.group_size as number}% of your posts go out in the afternoon.`,
      `Posts between 5 and 7 PM do best.`,
    ]) {
      expect(acceptWording(finding, worded(description)), description).toEqual({
        title: finding.title,
        description: finding.description,
        recommendation: finding.recommendation,
      });
    }
  });

  it("keeps the statistics' words for an empty or overlong field", () => {
    expect(acceptWording(finding, { ...worded('Fine.'), title: ' ' }).title).toBe(finding.title);
    expect(acceptWording(finding, worded('x'.repeat(601))).description).toBe(finding.description);
    expect(acceptWording(finding, undefined).title).toBe(finding.title);
  });
});

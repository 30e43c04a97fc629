import { describe, expect, it } from 'vitest';
import { judgeDuplicate, spokenTime, type DuplicateEvidence } from './duplicate-refusal';

const now = new Date('2026-11-26T13:30:00Z');
const firstAttemptAt = new Date('2026-11-26T13:00:00Z');
const post = (id: string, createdAt: string) => ({
  id,
  text: 'Same words',
  createdAt: new Date(createdAt),
  url: `https://x.com/i/${id}`,
  hasMedia: false,
});
const evidence = (overrides: Partial<DuplicateEvidence>): DuplicateEvidence => ({
  network: 'x',
  text: 'Same words',
  namedId: undefined,
  mightHaveSent: true,
  firstAttemptAt,
  recent: [],
  takenBy: new Map(),
  timeZone: 'Europe/Berlin',
  now,
  ...overrides,
});

describe('whose post a duplicate refusal is about', () => {
  it('is our own when an earlier attempt may have sent it and it is newer than our first attempt', () => {
    expect(judgeDuplicate(evidence({ recent: [post('9', '2026-11-26T13:00:02Z')] }))).toEqual({
      own: true,
      id: '9',
      url: 'https://x.com/i/9',
    });
  });

  it('is not ours on a first attempt, and the reason says when the other went out in the planner’s zone', () => {
    expect(judgeDuplicate(evidence({ mightHaveSent: false, recent: [post('9', '2026-11-26T13:02:00Z')] }))).toEqual({
      own: false,
      failureClass: 'DuplicateContent',
      reason: 'X refused this because you posted the same text at 14:02; change the text or delete the other post.',
    });
  });

  it('is not ours when another target is that post, even after a lost answer', () => {
    const verdict = judgeDuplicate(
      evidence({
        network: 'linkedin',
        namedId: 'urn:li:share:1',
        takenBy: new Map([['urn:li:share:1', new Date('2026-11-25T08:05:00Z')]]),
        recent: undefined,
      }),
    );
    expect(verdict).toMatchObject({
      own: false,
      reason: 'LinkedIn refused this because you posted the same text on 25 November at 09:05; change the text or delete the other post.',
    });
  });

  it('says a time of another year with its year', () => {
    expect(spokenTime(new Date('2025-12-31T22:59:00Z'), 'UTC', now)).toBe('on 31 December 2025 at 22:59');
  });
});

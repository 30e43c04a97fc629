import { describe, expect, it } from 'vitest';
import {
  AuthExpired,
  Duplicate,
  OutcomeUnknown,
  RateLimited,
  Rejected,
  SocialProviderError,
  Unavailable,
} from '../../providers/social/errors';
import { decideAfterFailure, toPublishFailure, type PublishFailure } from './publish-decision';

const now = new Date('2026-11-26T12:00:00Z');
const context: Parameters<typeof decideAfterFailure>[1] = { network: 'x', attemptNo: 1, maxAttempts: 8, now, random: () => 0 };
const decide = (error: unknown, overrides: Partial<typeof context> = {}) =>
  decideAfterFailure(toPublishFailure(error), { ...context, ...overrides });

describe('what follows a failed publish call', () => {
  it('records a duplicate as published, with the post the network named', () => {
    expect(decide(new Duplicate('already posted', 'urn:li:share:1'))).toEqual({ action: 'record_duplicate', existingId: 'urn:li:share:1' });
    expect(decide(new Duplicate('already posted', undefined))).toEqual({ action: 'record_duplicate', existingId: undefined });
  });

  it('waits for the rate limit to reset, a little after it, without looking on the network', () => {
    const resetAt = new Date(now.getTime() + 15 * 60_000);
    const step = decide(new RateLimited('slow down', resetAt), { random: () => 0.5 });
    expect(step).toMatchObject({
      action: 'reschedule',
      dueAt: new Date(resetAt.getTime() + 1_000),
      needsReconcile: false,
      failureClass: 'RateLimited',
    });
  });

  it('fails for good when the network refuses the content, saying what it said', () => {
    expect(decide(new Rejected('Text too long'), { network: 'linkedin' })).toMatchObject({
      action: 'fail',
      status: 'failed',
      reason: 'LinkedIn refused it: Text too long',
    });
  });

  it('asks for a reconnect when the network no longer accepts the access', () => {
    expect(decide(new AuthExpired('token revoked'))).toMatchObject({
      action: 'fail',
      status: 'needs_reconnect',
      failureClass: 'AuthExpired',
    });
  });

  it('backs off while the network is down, and gives up after the last attempt', () => {
    const early = decide(new Unavailable('503'), { attemptNo: 3 });
    expect(early).toMatchObject({ action: 'reschedule', needsReconcile: false, failureClass: 'Unavailable' });
    // Attempt 3 waits between 4 and 8 seconds (backoff.ts); random() = 0 gives the shortest.
    expect(early.action === 'reschedule' && early.dueAt.getTime() - now.getTime()).toBe(4_000);
    expect(decide(new Unavailable('503'), { attemptNo: 8 })).toMatchObject({
      action: 'fail',
      status: 'failed',
      reason: 'X kept failing (503). Try publishing it again later.',
    });
  });

  it('looks on the network before sending again when the outcome is unknown, or the error unexpected', () => {
    expect(decide(new OutcomeUnknown('timed out'))).toMatchObject({
      action: 'reschedule',
      needsReconcile: true,
      reason: 'Checking whether X received it (timed out).',
    });
    expect(decide(new TypeError('socket hang up'))).toMatchObject({
      action: 'reschedule',
      needsReconcile: true,
      reason: 'Checking whether X received it (Unexpected error: socket hang up).',
    });
  });

  it('treats an error that only claims to be a duplicate as an unknown outcome, never as published', () => {
    class Impostor extends SocialProviderError {
      readonly kind = 'duplicate';
    }
    expect(decide(new Impostor('odd'))).toMatchObject({ action: 'reschedule', needsReconcile: true });
  });

  it('has a decision for every kind of failure', () => {
    const kinds: PublishFailure[] = [
      { kind: 'duplicate', existingId: undefined },
      { kind: 'rate_limited', resetAt: now },
      { kind: 'rejected', message: 'no' },
      { kind: 'auth_expired', message: 'no' },
      { kind: 'unavailable', message: 'no' },
      { kind: 'outcome_unknown', message: 'no' },
    ];
    for (const failure of kinds) expect(() => decideAfterFailure(failure, context)).not.toThrow();
  });
});

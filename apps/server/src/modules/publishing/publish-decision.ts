import { networkName, type Network } from '@postflow/contract';
import { Duplicate, RateLimited, SocialProviderError } from '../../providers/social/errors';
import { backoffMs } from './backoff';

/** Why a publish call failed, as the adapters report it (providers/social/errors.ts). */
export type PublishFailure =
  | { kind: 'duplicate'; existingId: string | undefined }
  | { kind: 'rate_limited'; resetAt: Date }
  | { kind: 'rejected'; message: string }
  | { kind: 'auth_expired'; message: string }
  | { kind: 'unavailable'; message: string }
  | { kind: 'outcome_unknown'; message: string };

/** What the publisher does next with a target whose publish call failed. */
export type NextStep =
  /** The network already has this text: published if that post is this target's own, else failed (duplicate-refusal.ts). */
  | { action: 'record_duplicate'; existingId: string | undefined }
  | { action: 'reschedule'; dueAt: Date; reason: string; failureClass: string; needsReconcile: boolean; outcome: string }
  | { action: 'fail'; status: 'failed' | 'needs_reconnect'; reason: string; failureClass: string; outcome: string };

/** Anything thrown by a publish call, as a failure: an unexpected error may have left after the request did. */
export function toPublishFailure(error: unknown): PublishFailure {
  if (!(error instanceof SocialProviderError)) return { kind: 'outcome_unknown', message: `Unexpected error: ${(error as Error).message}` };
  if (error instanceof Duplicate) return { kind: 'duplicate', existingId: error.existingId };
  if (error instanceof RateLimited) return { kind: 'rate_limited', resetAt: error.resetAt };
  const kind = error.kind;
  // Those two kinds belong to the classes tested above; anything else that claims them is unexpected.
  if (kind === 'duplicate' || kind === 'rate_limited') return { kind: 'outcome_unknown', message: `Unexpected error: ${error.message}` };
  return { kind, message: error.message };
}

/**
 * Decides what follows a failed publish call, from the failure alone, the attempt number and the
 * clock: no I/O, so every branch is tested directly (publish-decision.test.ts). The publisher then
 * carries the step out under its lease.
 */
export function decideAfterFailure(
  failure: PublishFailure,
  context: { network: Network; attemptNo: number; maxAttempts: number; now: Date; random: () => number },
): NextStep {
  const name = networkName(context.network);
  switch (failure.kind) {
    case 'duplicate':
      return { action: 'record_duplicate', existingId: failure.existingId };
    case 'rate_limited':
      return {
        action: 'reschedule',
        dueAt: new Date(failure.resetAt.getTime() + context.random() * 2_000),
        reason: `${name} is rate limiting this account.`,
        failureClass: 'RateLimited',
        needsReconcile: false,
        outcome: 'rate_limited',
      };
    case 'rejected':
      return {
        action: 'fail',
        status: 'failed',
        reason: `${name} refused it: ${failure.message}`,
        failureClass: 'Rejected',
        outcome: 'rejected',
      };
    case 'auth_expired':
      return {
        action: 'fail',
        status: 'needs_reconnect',
        reason: `${name} no longer accepts Postflow's access to this account (${failure.message}). Reconnect the account.`,
        failureClass: 'AuthExpired',
        outcome: 'auth_expired',
      };
    case 'unavailable':
      if (context.attemptNo >= context.maxAttempts) {
        return {
          action: 'fail',
          status: 'failed',
          reason: `${name} kept failing (${failure.message}). Try publishing it again later.`,
          failureClass: 'Unavailable',
          outcome: 'unavailable',
        };
      }
      return {
        action: 'reschedule',
        dueAt: new Date(context.now.getTime() + backoffMs(context.attemptNo, context.random)),
        reason: `${name} is unavailable: ${failure.message}`,
        failureClass: 'Unavailable',
        needsReconcile: false,
        outcome: 'unavailable',
      };
    case 'outcome_unknown':
      // The request may have left: look on the network before sending again.
      return {
        action: 'reschedule',
        dueAt: new Date(context.now.getTime() + backoffMs(1, context.random)),
        reason: `Checking whether ${name} received it (${failure.message}).`,
        failureClass: 'OutcomeUnknown',
        needsReconcile: true,
        outcome: 'outcome_unknown',
      };
    default:
      return unhandled(failure);
  }
}

function unhandled(failure: never): never {
  throw new Error(`No decision for a publish failure of kind ${JSON.stringify(failure)}`);
}

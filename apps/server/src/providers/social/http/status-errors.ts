import { OutcomeUnknown, Rejected, Unavailable, type SocialProviderError } from '../errors';
import type { CallKind } from './http-client';

/**
 * What any error status means once a network's own cases (401, 429, duplicates) are handled: a
 * 5xx answer to a create may hide a created post, so its outcome is unknown; a 5xx elsewhere is
 * an outage; any other 4xx is a refusal, in the network's own words.
 */
export function statusError(
  network: string,
  status: number,
  reason: string,
  call: { kind: CallKind; subject: string },
  detail: { status?: number; body?: string },
): SocialProviderError {
  if (status >= 500) {
    if (call.kind === 'create') {
      return new OutcomeUnknown(
        `${network} answered ${status} while creating ${call.subject}; it may or may not have been published.`,
        detail,
      );
    }
    return new Unavailable(`${network} is not available right now (HTTP ${status}: ${reason}).`, detail);
  }
  if (status >= 400) return new Rejected(`${network} refused ${call.subject}: ${reason}`, detail);
  return new Unavailable(`${network} answered with an unexpected HTTP ${status}.`, detail);
}

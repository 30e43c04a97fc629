import { networkName, networks } from './vocabulary';

/**
 * Why a sign-in or connect round trip with X or LinkedIn did not finish. The API sends only the code
 * to `/auth/callback` (`?error=cancelled&network=x`) and the page words it from this catalogue, so no
 * text from an address ever reaches the screen (docs/product.md, Sign-in · Network callback).
 */
export const callbackErrorCodes = [
  'cancelled',
  'network_error',
  'expired',
  'other_browser',
  'no_code',
  'code_expired',
  'rate_limited',
  'too_many_starts',
  'refused',
  'unreachable',
  'account_taken',
  'plan_limit',
  'unavailable',
  'failed',
] as const;
export type CallbackErrorCode = (typeof callbackErrorCodes)[number];

const messages: Record<CallbackErrorCode, (name: string, retryMinutes: number | undefined) => string> = {
  cancelled: (name) => `You cancelled the connection to ${name}. Nothing was changed.`,
  network_error: (name) => `${name} did not complete the sign-in. Please try again.`,
  expired: () => 'This sign-in link has expired or was already used. Please start again.',
  other_browser: () => 'This sign-in was started in another browser or tab that is no longer open. Please start again here.',
  no_code: (name) => `${name} sent no authorization code. Please try again.`,
  code_expired: (name) => `${name} did not accept the sign-in: the authorization expired or was already used. Please try again.`,
  rate_limited: (name) => `${name} is limiting requests right now. Please try again in a few minutes.`,
  too_many_starts: (_name, minutes) =>
    `Too many sign-in attempts with X or LinkedIn from this network. Try again in ${minutes ? `${minutes} minute${minutes === 1 ? '' : 's'}` : 'a few minutes'}.`,
  refused: (name) => `${name} refused the connection. Please try again, or check the app's access on ${name}.`,
  unreachable: (name) => `${name} could not be reached. Please try again in a moment.`,
  account_taken: (name) => `This ${name} account is already connected to another Postflow account.`,
  plan_limit: () =>
    "This workspace's plan allows no more connected accounts. Disconnect one, or ask the instance's operator to change this workspace's plan.",
  unavailable: (name) => `${name} is not set up on this server. Ask its administrator to add it, or to turn the sandbox on.`,
  failed: (name) => `Something went wrong while connecting ${name}. Please try again.`,
};

/**
 * The shown text for a code, network and wait (`retry`, whole minutes) from the address; anything
 * unknown gets a generic line, and only digits of the wait are read.
 */
export function callbackErrorMessage(code: string | null, network: string | null, retry: string | null = null): string {
  const known = networks.find((candidate) => candidate === network);
  const name = known ? networkName(known) : 'the network';
  const minutes = retry && /^\d{1,3}$/.test(retry) ? Number(retry) : undefined;
  if (code && (callbackErrorCodes as readonly string[]).includes(code)) {
    const text = messages[code as CallbackErrorCode](name, minutes);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return 'The sign-in did not complete. Please try again.';
}

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
  'refused',
  'unreachable',
  'account_taken',
  'plan_limit',
  'unavailable',
  'failed',
] as const;
export type CallbackErrorCode = (typeof callbackErrorCodes)[number];

const messages: Record<CallbackErrorCode, (name: string) => string> = {
  cancelled: (name) => `You cancelled the connection to ${name}. Nothing was changed.`,
  network_error: (name) => `${name} did not complete the sign-in. Please try again.`,
  expired: () => 'This sign-in link has expired or was already used. Please start again.',
  other_browser: () => 'This sign-in was started in another browser or tab that is no longer open. Please start again here.',
  no_code: (name) => `${name} sent no authorization code. Please try again.`,
  code_expired: (name) => `${name} did not accept the sign-in: the authorization expired or was already used. Please try again.`,
  rate_limited: (name) => `${name} is limiting requests right now. Please try again in a few minutes.`,
  refused: (name) => `${name} refused the connection. Please try again, or check the app's access on ${name}.`,
  unreachable: (name) => `${name} could not be reached. Please try again in a moment.`,
  account_taken: (name) => `This ${name} account is already connected to another Postflow account.`,
  plan_limit: () => 'Your plan allows no more connected accounts. Disconnect one, or upgrade your plan.',
  unavailable: (name) => `${name} is not set up on this server. Ask its administrator to add it, or to turn the sandbox on.`,
  failed: (name) => `Something went wrong while connecting ${name}. Please try again.`,
};

/** The shown text for a code and network from the address; anything unknown gets a generic line. */
export function callbackErrorMessage(code: string | null, network: string | null): string {
  const known = networks.find((candidate) => candidate === network);
  const name = known ? networkName(known) : 'the network';
  if (code && (callbackErrorCodes as readonly string[]).includes(code)) {
    const text = messages[code as CallbackErrorCode](name);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return 'The sign-in did not complete. Please try again.';
}

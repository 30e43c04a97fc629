import dns from 'node:dns';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../link-preview/private-addresses';

/**
 * Where a webhook may go (docs/decisions/163-webhooks.md): https only, and never a private,
 * loopback or link-local address, so an endpoint cannot make the server call what only it can
 * reach; WEBHOOK_ALLOW_PRIVATE (tests, single-machine setups) lifts both. The name is resolved
 * once per delivery and the connection made to the address checked, so a second DNS answer cannot
 * switch it (rebinding).
 */

export class WebhookAddressRefused extends Error {
  override name = 'WebhookAddressRefused';
}

export interface ResolvedTarget {
  url: URL;
  /** The addresses the connection may be made to, every one checked (the connection tries them in turn). */
  addresses: Array<{ address: string; family: 4 | 6 }>;
}

export type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The URL's host without an IPv6 literal's brackets, as isIP and DNS take it. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The address as typed, checked without the network: scheme, credentials, a literal IP. */
export function checkWebhookUrl(address: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WebhookAddressRefused(`${address.slice(0, 100)} is not a web address.`);
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new WebhookAddressRefused('Webhook addresses must start with https:// so events and their signatures travel encrypted.');
  if (url.username || url.password)
    throw new WebhookAddressRefused('Webhook addresses must not contain a user name or password (user:pass@); remove them.');
  const host = bareHost(url);
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) throw refusePrivate(host);
  return url;
}

const refusePrivate = (host: string) =>
  new WebhookAddressRefused(
    `Postflow does not send webhooks to private, loopback or link-local addresses (${host}). Use an address reachable from the internet.`,
  );

/** Resolves the address's host once and checks every address it has; throws `WebhookAddressRefused`. */
export async function resolveWebhookTarget(
  address: string,
  options: { allowPrivate: boolean; lookup?: LookupAll },
): Promise<ResolvedTarget> {
  const url = checkWebhookUrl(address, options.allowPrivate);
  const host = bareHost(url);
  const literal = isIP(host);
  if (literal !== 0) return { url, addresses: [{ address: host, family: literal as 4 | 6 }] };
  let found: Array<{ address: string; family: number }>;
  try {
    found = await (options.lookup ?? systemLookup)(host);
  } catch {
    throw new WebhookAddressRefused(`Postflow could not find ${host}: check the address.`);
  }
  if (!options.allowPrivate && found.some((entry) => isPrivateAddress(entry.address))) throw refusePrivate(host);
  if (!found.length) throw new WebhookAddressRefused(`Postflow could not find ${host}: check the address.`);
  return { url, addresses: found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 })) };
}

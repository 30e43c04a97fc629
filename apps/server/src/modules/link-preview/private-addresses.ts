import { isIP } from 'node:net';

/**
 * Whether an address is one the server must not fetch from on a person's behalf (SSRF,
 * docs/decisions/149-link-cards.md): anything but a public unicast address. Ranges from the IANA
 * special-purpose registries (https://www.iana.org/assignments/iana-ipv4-special-registry,
 * https://www.iana.org/assignments/iana-ipv6-special-registry); IPv6 forms that carry an IPv4
 * address (mapped, compatible, NAT64, 6to4) are judged by that IPv4 address, Teredo is refused.
 */

const IPV4_BLOCKED: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function ipv4Number(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

function ipv4Blocked(value: number): boolean {
  return IPV4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = ipv4Number(base) as number;
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (a zone id ignored, a trailing dotted quad read); undefined if it is not one. */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0] as string;
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const value = ipv4Number(dotted[1] as string);
    if (value === undefined) return undefined;
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const read = (half: string | undefined) => (half ? half.split(':') : []);
  const head = read(halves[0]);
  const tail = read(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.map((group) => parseInt(group, 16));
}

function ipv6Blocked(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embedded = ((g6 << 16) + g7) >>> 0;
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUpTo(8)) return true; // :: unspecified
  if (zeroUpTo(7) && g7 === 1) return true; // ::1 loopback
  if (zeroUpTo(5) && g5 === 0xffff) return ipv4Blocked(embedded); // ::ffff:a.b.c.d, IPv4-mapped
  if (zeroUpTo(6)) return true; // ::a.b.c.d, the deprecated IPv4-compatible form: never a real destination
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return ipv4Blocked(embedded); // ::ffff:0:a.b.c.d, IPv4-translated (RFC 2765)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Blocked(embedded); // NAT64
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true; // local-use NAT64
  if (g0 === 0x2002) return ipv4Blocked(((g1 << 16) + g2) >>> 0); // 6to4
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo: the IPv4 address inside is obfuscated
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** True unless `address` is a public unicast IPv4 or IPv6 address; anything unreadable counts as private. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.split('%')[0] as string);
  if (family === 4) {
    const value = ipv4Number(bare);
    return value === undefined || ipv4Blocked(value);
  }
  if (family === 6) {
    const groups = ipv6Groups(bare);
    return groups === undefined || ipv6Blocked(groups);
  }
  return true;
}

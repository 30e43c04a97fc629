import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The persona this browser last signed in as on a network's consent page, kept in a cookie on the
 * sandbox's own origin (it never reaches the app). Without it the page pre-selects "A new persona",
 * never someone else's: the sandbox is shared by everyone who uses it.
 */
const cookieName = (network: 'x' | 'linkedin') => `sandbox_${network}_persona`;
const ONE_YEAR_S = 365 * 86_400;

export function lastPersona(request: FastifyRequest, network: 'x' | 'linkedin'): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName(network)) {
      try {
        return decodeURIComponent(value.join('=')) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function rememberPersona(reply: FastifyReply, network: 'x' | 'linkedin', id: string): void {
  reply.header(
    'set-cookie',
    `${cookieName(network)}=${encodeURIComponent(id)}; Path=/${network}; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax`,
  );
}

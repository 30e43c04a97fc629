import { randomBytes } from 'node:crypto';
import { accountsRoutes, networkName, type Network } from '@postflow/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Router } from '../../http/route';
import { AppError } from '../../lib/errors';
import { toSocialAccountDto } from './accounts.repository';
import type { ProviderRegistry } from '../../providers/social/registry';
import type { AccountsService } from './accounts.service';
import type { RateLimiter } from '../security/rate-limiter';
import { oauthStartPerIp } from './oauth-limits';

const BINDING_COOKIE = 'pf_oauth_binding';
const TICKET_COOKIE = 'pf_login_ticket';

const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

export function registerAccountsRoutes(
  app: FastifyInstance,
  router: Router,
  deps: { accounts: AccountsService; providers: ProviderRegistry; publicUrl: string; rateLimiter: RateLimiter },
) {
  const { accounts } = deps;
  const secure = deps.publicUrl.startsWith('https://');
  // Lax: the cookies must ride along on the top-level redirect back from the network's consent page.
  const cookieOptions = { path: '/auth', httpOnly: true, sameSite: 'lax' as const, secure };

  /** A per-browser secret that ties a consent round trip to the browser that started it. */
  function browserBinding(request: FastifyRequest, reply: FastifyReply): string {
    const existing = request.cookies[BINDING_COOKIE];
    if (existing && /^[\w-]{20,100}$/.test(existing)) return existing;
    const binding = randomBytes(24).toString('base64url');
    reply.setCookie(BINDING_COOKIE, binding, { ...cookieOptions, maxAge: 60 * 60 });
    return binding;
  }

  const failurePage = (message: string) => `${deps.publicUrl}/auth/callback?error=${encodeURIComponent(message)}`;

  for (const network of ['x', 'linkedin'] as const satisfies Network[]) {
    // Sign-in with the network: a full-page redirect to its consent page.
    app.get(`/auth/${network}`, { schema: { hide: true } }, async (request, reply) => {
      try {
        await deps.rateLimiter.consume(oauthStartPerIp, request.ip);
        const url = await accounts.startAuthorization({ network, purpose: 'login', browserBinding: browserBinding(request, reply) });
        return reply.redirect(url, 302);
      } catch (error) {
        if (error instanceof AppError) return reply.redirect(failurePage(error.message), 302);
        throw error;
      }
    });

    app.get(`/auth/${network}/callback`, { schema: { hide: true } }, async (request, reply) => {
      const parsed = callbackQuerySchema.safeParse(request.query);
      const query = parsed.success ? parsed.data : {};
      const outcome = await accounts.completeAuthorization(network, query, request.cookies[BINDING_COOKIE]);
      if (outcome.ticket) reply.setCookie(TICKET_COOKIE, outcome.ticket, { ...cookieOptions, maxAge: 120 });
      return reply.header('cache-control', 'no-store').redirect(outcome.redirect, 302);
    });
  }

  const link =
    (network: Network) =>
    async ({ auth, request, reply }: { auth: { userId: string }; request: FastifyRequest; reply: FastifyReply }) =>
      accounts.startAuthorization({ network, purpose: 'connect', userId: auth.userId, browserBinding: browserBinding(request, reply) });

  router.authed(accountsRoutes.linkX, async (input) => ({ authURL: await link('x')(input) }));
  router.authed(accountsRoutes.linkLinkedIn, async (input) => ({ authURL: await link('linkedin')(input) }));
  router.authed(accountsRoutes.linkedInUrl, async (input) => ({ auth_url: await link('linkedin')(input) }));

  router.open(accountsRoutes.socialToken, async ({ body, request, reply }) => {
    const session = await accounts.redeemTicket(body.provider, request.cookies[TICKET_COOKIE], {
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    reply.clearCookie(TICKET_COOKIE, cookieOptions);
    return session;
  });

  router.authed(accountsRoutes.list, async ({ auth }) => ({
    socials: (await accounts.accountsOf(auth.userId)).map(toSocialAccountDto),
  }));

  router.authed(accountsRoutes.disconnect, async ({ auth, params }) => {
    const account = await accounts.disconnect(auth.userId, params.id);
    return { disconnected: true, message: `Your ${networkName(account.network)} account has been disconnected.` };
  });

  router.authed(accountsRoutes.disconnectLinkedIn, async ({ auth }) => {
    const linkedIn = (await accounts.accountsOf(auth.userId)).filter((account) => account.network === 'linkedin');
    for (const account of linkedIn) await accounts.disconnect(auth.userId, account.id);
    return linkedIn.length
      ? { disconnected: true, message: 'Your LinkedIn account has been disconnected.' }
      : { disconnected: false, message: 'No LinkedIn account was connected.' };
  });

  router.authed(accountsRoutes.connections, async ({ auth }) => {
    const connected = await accounts.accountsOf(auth.userId);
    const status = (network: Network) => {
      const account = connected.find((candidate) => candidate.network === network);
      return {
        connected: Boolean(account),
        username: account ? (account.username ?? account.displayName) : null,
        status: account?.status ?? null,
        sandbox: account?.isSandbox ?? (deps.providers.available(network) && deps.providers.get(network).isSandbox),
        available: deps.providers.available(network),
      };
    };
    return { x: status('x'), linkedin: status('linkedin') };
  });

  router.authed(accountsRoutes.linkedInOrganizations, ({ auth }) => accounts.linkedInOrganizations(auth.userId));
}

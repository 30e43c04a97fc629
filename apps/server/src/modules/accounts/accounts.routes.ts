import { randomBytes } from 'node:crypto';
import { accountsRoutes, networkName, type Network } from '@postflow/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Router } from '../../http/route';
import { AppError } from '../../lib/errors';
import { toSocialAccountDto } from './accounts.repository';
import type { ProviderRegistry } from '../../providers/social/registry';
import type { AccountsService } from './accounts.service';
import type { SignInMethodsService, SignInOutcome } from './sign-in-methods.service';
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
  deps: {
    accounts: AccountsService;
    signInMethods: SignInMethodsService;
    providers: ProviderRegistry;
    publicUrl: string;
    rateLimiter: RateLimiter;
  },
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

  // Only a code from our catalogue travels to the callback page, never text (docs/product.md, Sign-in · Network callback).
  const unavailablePage = (network: Network) => `${deps.publicUrl}/auth/callback?error=unavailable&network=${network}`;

  for (const network of ['x', 'linkedin'] as const satisfies Network[]) {
    // Sign-in with the network: a full-page redirect to its consent page.
    app.get(`/auth/${network}`, { schema: { hide: true } }, async (request, reply) => {
      try {
        await deps.rateLimiter.consume(oauthStartPerIp, request.ip);
        const url = await accounts.startAuthorization({ network, purpose: 'login', browserBinding: browserBinding(request, reply) });
        return reply.redirect(url, 302);
      } catch (error) {
        if (error instanceof AppError && error.code === 'rate_limited') {
          const minutes = Math.ceil((error.options.retryAfterSeconds ?? 60) / 60);
          return reply.redirect(`${deps.publicUrl}/auth/callback?error=too_many_starts&network=${network}&retry=${minutes}`, 302);
        }
        if (error instanceof AppError) return reply.redirect(unavailablePage(network), 302);
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
    async ({ auth, request, reply }: { auth: { userId: string; workspaceId: string }; request: FastifyRequest; reply: FastifyReply }) =>
      accounts.startAuthorization({
        network,
        purpose: 'connect',
        userId: auth.userId,
        workspaceId: auth.workspaceId,
        browserBinding: browserBinding(request, reply),
      });

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
    socials: (await accounts.accountsOf(auth.workspaceId)).map(toSocialAccountDto),
  }));

  const disconnected = (network: Network, signIn: SignInOutcome) => {
    const name = networkName(network);
    if (signIn === 'removed') return `Your ${name} account has been disconnected. It no longer signs you in.`;
    if (signIn === 'kept') return `Your ${name} account has been disconnected. You can still sign in with it.`;
    return `Your ${name} account has been disconnected.`;
  };

  router.authed(accountsRoutes.disconnect, async ({ auth, params, query }) => {
    const { account, signIn } = await accounts.disconnect(auth, params.id, query.signIn);
    return { disconnected: true, message: disconnected(account.network, signIn), signIn };
  });

  router.authed(accountsRoutes.disconnectLinkedIn, async ({ auth }) => {
    const linkedIn = (await accounts.accountsOf(auth.workspaceId)).filter((account) => account.network === 'linkedin');
    let last: SignInOutcome = 'none';
    for (const account of linkedIn) last = (await accounts.disconnect(auth, account.id)).signIn;
    return linkedIn.length
      ? { disconnected: true, message: disconnected('linkedin', last), signIn: last }
      : { disconnected: false, message: 'No LinkedIn account was connected.' };
  });

  router.authed(accountsRoutes.signInMethods, async ({ auth }) => ({ methods: await deps.signInMethods.list(auth.userId) }));

  router.authed(accountsRoutes.removeSignInMethod, async ({ auth, params, body }) => ({
    methods: await deps.signInMethods.remove(auth, params.id, body.currentPassword),
  }));

  router.authed(accountsRoutes.connections, async ({ auth }) => {
    const connected = await accounts.accountsOf(auth.workspaceId);
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

  router.authed(accountsRoutes.linkedInOrganizations, ({ auth, query }) =>
    accounts.linkedInOrganizations(auth.workspaceId, query.accountId),
  );
}

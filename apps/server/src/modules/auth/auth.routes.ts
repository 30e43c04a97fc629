import { authRoutes } from '@postflow/contract';
import type { FastifyRequest } from 'fastify';
import { requireSession, type Router } from '../../http/route';
import type { AuthService, ClientMeta } from './auth.service';

const clientMeta = (request: FastifyRequest): ClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

const RESET_REQUESTED = "If an account exists for that address, we've sent it a link to reset the password. The link works for one hour.";

export function registerAuthRoutes(router: Router, auth: AuthService) {
  router.open(authRoutes.register, ({ body, request }) => auth.register(body, clientMeta(request)));
  router.open(authRoutes.login, ({ body, request }) => auth.login(body, clientMeta(request)));
  router.open(authRoutes.refresh, ({ body }) => auth.refresh(body.refreshToken));

  router.authed(authRoutes.profile, async ({ auth: caller }) => ({ user: await auth.profile(caller.userId) }));

  router.authed(authRoutes.validate, async ({ request }) => {
    const session = await auth.authenticate(bearerToken(request) ?? '');
    return { valid: true as const, userId: session.userId, expiresAt: session.expiresAt.toISOString() };
  });

  router.authed(authRoutes.logout, async ({ auth: caller }) => {
    await auth.logout(requireSession(caller).sessionId);
    return null;
  });

  router.open(authRoutes.requestPasswordReset, async ({ body, request }) => {
    await auth.requestPasswordReset(body.email, clientMeta(request));
    return { message: RESET_REQUESTED };
  });

  router.authed(authRoutes.changePassword, async ({ auth: caller, body }) => {
    await auth.changePassword(caller, body);
    return { message: 'Your password has been saved. Other devices have been signed out.' };
  });

  router.open(authRoutes.checkPasswordReset, ({ body }) => auth.checkPasswordReset(body.token));

  router.open(authRoutes.confirmPasswordReset, async ({ body }) => {
    await auth.confirmPasswordReset(body);
    return { message: 'Your password has been changed. Sign in with your new password.' };
  });
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

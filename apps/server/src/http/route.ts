import { nulCharacterMessage, nulCharacterPath, roleAllows, type RouteContract, type WorkspaceRole } from '@postflow/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/errors';
import type { AuthContext, SessionAuthContext } from './request-context';

type Infer<T> = [T] extends [z.ZodType] ? z.output<T> : undefined;

export interface RouteInput<R extends RouteContract> {
  params: Infer<NonNullable<R['params']>>;
  query: Infer<NonNullable<R['query']>>;
  body: Infer<NonNullable<R['body']>>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedRouteInput<R extends RouteContract> extends RouteInput<R> {
  auth: AuthContext;
}

type Handler<R extends RouteContract, I> = (input: I) => Promise<z.input<R['response']>> | z.input<R['response']>;

/**
 * Who calls, and in which workspace with which role: the session, then the workspace the route
 * names (its path parameter, else the `X-Workspace-Id` header, else the person's own), answering
 * 404 for a workspace the person is not a member of.
 */
export type Authenticate = (
  request: FastifyRequest,
  route: Pick<RouteContract, 'access' | 'workspaceParam' | 'scope' | 'method' | 'path'>,
  reply: FastifyReply,
) => Promise<AuthContext>;

const roleNames: Record<WorkspaceRole, string> = { owner: 'an owner', admin: 'an admin', editor: 'an editor', viewer: 'a viewer' };

/** A member may see the workspace but not do this: said plainly, with who can (docs/decisions/128-workspaces.md). */
function refuseRole(role: WorkspaceRole, needed: WorkspaceRole): AppError {
  const who = needed === 'owner' ? 'its owners' : needed === 'admin' ? 'its owners and admins' : 'its owners, admins and editors';
  return new AppError(
    'forbidden',
    `You are ${roleNames[role]} in this workspace, so you cannot do this; only ${who} can. Ask one of them.`,
  );
}

/** Refuses a NUL character anywhere in a request, naming the field, before any schema or handler sees it. */
export function refuseNulCharacters(parts: Record<string, unknown>): void {
  for (const [part, value] of Object.entries(parts)) {
    const path = nulCharacterPath(value);
    if (path === undefined) continue;
    const field = path || part;
    throw new AppError('validation_failed', nulCharacterMessage(field), { fields: { [field]: 'Remove the NUL character (\\u0000)' } });
  }
}

/** Every API answer is someone's data or a token: no browser or proxy may keep a copy (docs/security.md). */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/**
 * Registers one contract route: Fastify validates params, query and body with the contract's zod
 * schemas (answering 400 through the error handler) and serialises the answer with its response
 * schema, so nothing leaves that the contract does not describe.
 */
export function createRouter(app: FastifyInstance, authenticate: Authenticate) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  function register<R extends RouteContract>(route: R, handler: Handler<R, AuthedRouteInput<R>> | Handler<R, RouteInput<R>>) {
    // Every call that needs a session says who may make it; a route without it would be open to any member.
    if (route.auth === 'required' && !route.access) throw new Error(`${route.method} ${route.path} declares no access in the contract`);
    typed.route({
      method: route.method,
      url: route.path,
      schema: {
        summary: route.summary,
        tags: [route.tag],
        ...(route.auth === 'required' ? { security: route.scope ? [{ bearerAuth: [] }, { apiKey: [] }] : [{ bearerAuth: [] }] } : {}),
        ...(route.scope ? { description: `API keys with the \`${route.scope}\` scope may call this (docs/api.md).` } : {}),
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body && !route.multipart ? { body: route.body } : {}),
        ...(route.status === 204 ? {} : { response: { [route.status]: route.response } }),
      },
      ...(route.example ? { config: { example: route.example } } : {}),
      // Before the body is parsed or validated, so refusals carry it too.
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        await noStore(request, reply);
        // A call without a valid session gets 401, whatever it sends.
        if (route.auth !== 'required') return;
        const auth = await authenticate(request, route, reply);
        if (route.access !== 'person' && route.access !== undefined && !roleAllows(auth.role, route.access))
          throw refuseRole(auth.role, route.access);
        request.auth = auth;
      },
      preValidation: async (request: FastifyRequest) => {
        refuseNulCharacters({ params: request.params, query: request.query, body: request.body });
      },
      handler: async (request, reply) => {
        const input = {
          params: request.params,
          query: request.query,
          body: request.body,
          request,
          reply,
          auth: request.auth,
        } as unknown as AuthedRouteInput<R>;
        const result = await (handler as Handler<R, AuthedRouteInput<R>>)(input);
        // A stream (server-sent events) has taken over the connection and answers by itself.
        if (reply.sent) return reply;
        // A handler may answer otherwise on purpose (/healthz: 503 while the database is away).
        if (reply.statusCode === 200) reply.status(route.status);
        if (route.status === 204) return reply.send();
        return reply.send(result);
      },
    });
  }

  return {
    /** A route whose handler needs the signed-in user. */
    authed<R extends RouteContract>(route: R, handler: Handler<R, AuthedRouteInput<R>>) {
      if (route.auth !== 'required') throw new Error(`${route.path} is declared public in the contract`);
      register(route, handler);
    },
    /** A route that writes its own answer as it goes (server-sent events): the handler hijacks the reply. */
    authedStream<R extends RouteContract>(route: R, handler: (input: AuthedRouteInput<R>) => Promise<void>) {
      if (route.auth !== 'required') throw new Error(`${route.path} is declared public in the contract`);
      register(route, handler as unknown as Handler<R, AuthedRouteInput<R>>);
    },
    /** A route anyone may call. */
    open<R extends RouteContract>(route: R, handler: Handler<R, RouteInput<R>>) {
      if (route.auth !== 'none') throw new Error(`${route.path} is declared as needing auth in the contract`);
      register(route, handler);
    },
  };
}

export type Router = ReturnType<typeof createRouter>;

/** The session calling; routes that manage a session itself are never open to API keys. */
export function requireSession(auth: AuthContext): SessionAuthContext {
  if (auth.sessionId === null) throw new AppError('unauthorized', 'Sign in to the app to do this; an API key cannot.');
  return auth as SessionAuthContext;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', 'Please sign in again.');
  return request.auth;
}

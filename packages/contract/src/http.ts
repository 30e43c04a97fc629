import { z } from 'zod';
import type { Access, ApiKeyScope, AuthMode, HttpMethod } from './endpoints';
import { errorCodes } from './error-codes';

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Field-level messages keyed by dotted path, when the error is about the request's content. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * One call of the API: its method, its path (Fastify syntax, `:id` for parameters) and the schemas
 * of everything that crosses the wire. The server registers routes from these; the web client calls
 * through `api` (./api.ts), typed from the same objects, so the two cannot drift apart.
 */
export interface RouteContract<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  /** Who may call it (./endpoints.ts, `Access`); set on every route that needs a session. */
  access?: Access;
  /** The path parameter naming the workspace acted on, instead of the `X-Workspace-Id` header. */
  workspaceParam?: string;
  /** The API key scope that lets a key call it (./endpoints.ts, `ApiKeyScope`); left out, keys may not. */
  scope?: ApiKeyScope;
  status: number;
  params?: Params;
  query?: Query;
  body?: Body;
  /** Multipart calls declare their parts here instead of `body`; the server parses them itself. */
  multipart?: boolean;
  /** Answers a text/event-stream written as things happen; `response` describes one event's data. */
  stream?: boolean;
  response: Response;
  /**
   * A call as an integrator would make it, shown in the OpenAPI document (/api/docs). Every route a key
   * may call has one for its parameters, query and JSON body; a contract test parses each with the
   * schemas above, so an example cannot drift from what the server accepts.
   */
  example?: RouteExample<Params, Query, Body>;
}

export interface RouteExample<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
> {
  params?: z.input<Params>;
  query?: z.input<Query>;
  body?: z.input<Body>;
}

export function defineRoute<
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Response extends z.ZodType = z.ZodType,
>(
  route: Omit<RouteContract<Params, Query, Body, Response>, 'status' | 'auth'> & {
    status?: number;
    auth?: AuthMode;
  },
): RouteContract<Params, Query, Body, Response> & { status: number; auth: AuthMode } {
  return { status: 200, auth: 'required', ...route };
}

export type RouteParams<R> = R extends RouteContract<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type RouteQuery<R> = R extends RouteContract<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type RouteBody<R> = R extends RouteContract<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type RouteResponse<R> = R extends RouteContract<z.ZodType, z.ZodType, z.ZodType, infer S> ? z.output<S> : never;

/** `204 No Content` answers. */
export const emptyResponseSchema = z.null();

import type { RouteContract } from '@postflow/contract';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** What a tool asks of one API route: its query string and its JSON body. */
export interface ApiRequest {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** Calls one route of the API as the MCP caller's key, answering as a tool result. */
export type ApiCall = (route: RouteContract, request: ApiRequest) => Promise<CallToolResult>;

/**
 * Each tool goes through the app's own route with the caller's key, so validation, scopes, roles,
 * workspace isolation and the key's rate limit are exactly the API's (docs/decisions/164-mcp-server.md).
 * A refusal is a tool result with `isError`, the protocol's way to tell the model what went wrong.
 */
export function createApiCaller(app: FastifyInstance, key: string, requestId: string): ApiCall {
  return async (route, { query = {}, body }) => {
    const answer = await app.inject({
      method: route.method,
      url: route.path,
      query: Object.fromEntries(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]))),
      // The same request id in the logs for the MCP call and the API calls it made.
      headers: { authorization: `Bearer ${key}`, 'x-request-id': requestId },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (answer.statusCode < 400) return { content: [{ type: 'text', text: answer.body || 'Done.' }] };
    return { isError: true, content: [{ type: 'text', text: refusal(answer) }] };
  };
}

/** The API's own message, with what it said about each field and when to try again. */
function refusal(answer: LightMyRequestResponse): string {
  let error: { message?: unknown; fields?: unknown } | undefined;
  try {
    error = (answer.json() as { error?: typeof error }).error;
  } catch {
    // Not our JSON error shape: fall back to the status below.
  }
  const message = typeof error?.message === 'string' ? error.message : `The Postflow API answered ${answer.statusCode}.`;
  const fields =
    error?.fields && typeof error.fields === 'object'
      ? Object.entries(error.fields as Record<string, unknown>).map(([field, problem]) => `${field}: ${String(problem)}`)
      : [];
  const retryAfter = answer.headers['retry-after'];
  return [message, ...fields, ...(retryAfter === undefined ? [] : [`Try again in ${String(retryAfter)} seconds.`])].join('\n');
}

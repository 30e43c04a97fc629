import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BEARER_CHALLENGE } from '../../http/error-handler';
import { noStore } from '../../http/route';
import { AppError } from '../../lib/errors';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import { bearerToken } from '../auth/auth.routes';
import { createApiCaller } from './api-caller';
import { createMcpServer } from './mcp-server';

const NO_KEY = 'Send a Postflow API key as "Authorization: Bearer pf_ak_…" (create one in Settings → API keys).';

/**
 * The Model Context Protocol over Streamable HTTP at /mcp, for AI assistants with an API key
 * (docs/decisions/164-mcp-server.md). Stateless: each POST gets its own server and transport, so
 * any API process answers any call. Its wire format is the protocol's JSON-RPC, which the SDK
 * validates; the tools' inputs are the contract's schemas.
 */
export function registerMcpRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }): void {
  app.post('/mcp', { schema: { hide: true }, onRequest: noStore }, async (request, reply) => {
    const token = bearerToken(request);
    if (!token || !deps.apiKeys.isKey(token)) return refuse(reply, 401, NO_KEY);
    try {
      await deps.apiKeys.identify(token);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return refuse(reply, error.status, error.message);
      throw error;
    }
    const server = createMcpServer(createApiCaller(app, token, request.id));
    // JSON answers rather than an event stream: every tool answers once, and Fastify's hooks (security headers, request id) still apply.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      const answer = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
      void reply.code(answer.status);
      answer.headers.forEach((value, name) => void reply.header(name, value));
      const body = await answer.text();
      return reply.send(body === '' ? undefined : body);
    } finally {
      await server.close();
    }
  });

  // A stateless server has no stream to open and no session to end (MCP, Streamable HTTP transport).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      onRequest: noStore,
      handler: (_request, reply) =>
        refuse(reply.header('allow', 'POST'), 405, 'This MCP server is stateless: send each message as a POST.'),
    });
  }
}

/** A JSON-RPC error, as MCP clients read a refusal before any message is handled. */
function refuse(reply: FastifyReply, status: number, message: string) {
  if (status === 401) void reply.header('www-authenticate', BEARER_CHALLENGE);
  return reply.code(status).send({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
}

/** The request's method, address and headers as a fetch Request; the body is passed already parsed. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'content-length') headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(new URL(request.url, 'http://postflow.local'), { method: request.method, headers });
}

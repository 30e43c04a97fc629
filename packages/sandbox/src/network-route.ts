import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { InvalidJsonBody } from './body-parsers';
import type { SandboxContext } from './context';
import type { FaultSubject } from './faults';
import { SandboxHttpError } from './http-error';
import { linkedInServerError, linkedInThrottled, linkedInUnmappableBody } from './linkedin/linkedin-errors';
import { xInvalidRequest, xServerError, xTooManyRequests } from './x/x-errors';
import { X_RATE_LIMITED_ENDPOINTS, type XRateLimitedEndpoint } from './x/x-rate-limits';

declare module 'fastify' {
  interface FastifyRequest {
    /** Sandbox clock when the request arrived, before any injected latency. */
    receivedAt: number;
    sandboxEndpoint?: string;
    /** Set when a `processing_failed` fault fired: the handler makes the media it finishes fail processing. */
    sandboxProcessingFault?: boolean;
  }
}

export type NetworkName = 'x' | 'linkedin';

/** Handlers return values instead of sending, so a fault can still withhold the answer. */
export const EMPTY_BODY = Symbol('empty-body');

export interface NetworkRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  network: NetworkName;
  /** Stable name used by faults, stats and rate limits, e.g. "x.tweets.create". */
  endpoint: string | ((request: FastifyRequest) => string);
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /** What fault rules with `inReplyTo` or `textMatches` look at; routes that create nothing leave it out. */
  faultSubject?: (request: FastifyRequest) => FaultSubject;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function baseLatency(ctx: SandboxContext): number {
  const [min, max] = ctx.options.latencyMs;
  return max <= 0 ? 0 : min + Math.floor(Math.random() * (max - min + 1));
}

function rateLimitFault(ctx: SandboxContext, network: NetworkName, endpoint: string): SandboxHttpError {
  if (network === 'linkedin') return linkedInThrottled();
  const rule = (X_RATE_LIMITED_ENDPOINTS as readonly string[]).includes(endpoint)
    ? ctx.rateLimits.x[endpoint as XRateLimitedEndpoint]
    : undefined;
  if (!rule) return xTooManyRequests();
  return xTooManyRequests({
    'x-rate-limit-limit': String(rule.perUser ?? rule.perApp ?? 0),
    'x-rate-limit-remaining': '0',
    'x-rate-limit-reset': String(Math.ceil((ctx.clock.now() + rule.windowMs) / 1000)),
  });
}

function send(reply: FastifyReply, error: SandboxHttpError): unknown {
  reply.code(error.status);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return error.body;
}

/** Holds the socket without answering, then drops it: the client times out although the work is done. */
function holdThenDrop(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply, holdMs: number): void {
  reply.hijack();
  const socket = request.raw.socket;
  const timer = setTimeout(() => {
    ctx.heldConnections.delete(timer);
    socket.destroy();
  }, holdMs);
  ctx.heldConnections.add(timer);
  socket.once('close', () => {
    clearTimeout(timer);
    ctx.heldConnections.delete(timer);
  });
}

/**
 * Every X and LinkedIn route goes through here: request counting, injected latency and faults,
 * and the network's own error bodies for thrown SandboxHttpErrors.
 */
export function registerNetworkRoute(app: FastifyInstance, ctx: SandboxContext, route: NetworkRoute): void {
  app.route({
    method: route.method,
    url: route.url,
    handler: async (request, reply) => {
      const endpoint = typeof route.endpoint === 'function' ? route.endpoint(request) : route.endpoint;
      request.sandboxEndpoint = endpoint;
      ctx.stats.count(endpoint);
      const decision = ctx.faults.active ? ctx.faults.decide(route.network, endpoint, route.faultSubject?.(request)) : { latencyMs: 0 };
      const latency = decision.latencyMs + baseLatency(ctx);
      if (latency > 0) await sleep(latency);

      const fault = decision.fault;
      if (fault) ctx.stats.fault(endpoint, fault.kind);
      if (fault?.kind === 'connection_reset') {
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      if (fault?.kind === 'processing_failed') request.sandboxProcessingFault = true;
      if (fault?.kind === 'rate_limit') return send(reply, rateLimitFault(ctx, route.network, endpoint));
      if (fault?.kind === 'server_error') {
        return send(reply, route.network === 'x' ? xServerError(fault.status) : linkedInServerError(fault.status));
      }

      let result: unknown;
      try {
        if (request.body instanceof InvalidJsonBody) {
          throw route.network === 'x'
            ? xInvalidRequest([{ parameters: {}, message: 'Request body is not valid JSON.' }])
            : linkedInUnmappableBody();
        }
        result = await route.handler(request, reply);
      } catch (error) {
        if (!(error instanceof SandboxHttpError)) throw error;
        result = send(reply, error);
      }
      if (fault?.kind === 'timeout_after_create') {
        holdThenDrop(ctx, request, reply, fault.holdMs);
        return reply;
      }
      if (result === EMPTY_BODY) return reply.send();
      return result;
    },
  });
}

import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { registerAdminRoutes } from './admin/admin.routes';
import { defaultApps, toRegisteredApp } from './apps';
import { loadAudienceModel } from './audience-model';
import { BODY_LIMIT_BYTES, registerBodyParsers } from './body-parsers';
import { createSandboxClock, type SandboxClock } from './clock';
import { registerLinkedInConsentRoutes } from './consent/linkedin-consent.routes';
import { registerXConsentRoutes } from './consent/x-consent.routes';
import type { SandboxContext } from './context';
import { registerErrorHandlers } from './error-handlers';
import { createFaultInjector } from './faults';
import { createSnowflakeGenerator, X_EPOCH_MS } from './ids';
import { registerLinkedInRoutes } from './linkedin/linkedin-routes';
import { registerPostPageRoutes } from './public-posts/post-pages.routes';
import { registerSampleArticleRoutes } from './public-posts/sample-article.routes';
import { createMetricsEngine } from './metrics';
import { resolveOptions, type SandboxOptions } from './options';
import { createPersistence } from './persistence';
import { applyRateLimitOptions, defaultRateLimitConfig } from './rate-limit-config';
import { createDailyCounters, createWindowCounters } from './rate-limiter';
import { seedState } from './seed';
import { createEmptyState, isPersistedState, registerApp, restoreInto, serializeState, type SandboxState } from './state';
import { createRequestStats } from './stats';
import { registerXRoutes } from './x/x-routes';

export interface Sandbox {
  /** The Fastify instance (use `app.inject` for tests that do not need a socket). */
  app: FastifyInstance;
  state: SandboxState;
  clock: SandboxClock;
  context: SandboxContext;
  /** Starts listening; resolves to the base URL, e.g. http://127.0.0.1:8081. Port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<string>;
  /** Back to the seeded state (same as POST /_sandbox/reset). */
  reset(): void;
  /** Drops held connections, stops the server and writes the state file. */
  close(): Promise<void>;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const resolved = resolveOptions(options);
  const clock = createSandboxClock(options.now);
  const model = loadAudienceModel(options.audienceModel);
  const state = createEmptyState();
  const initialRateLimits = applyRateLimitOptions(defaultRateLimitConfig(), options.rateLimits);
  const configuredApps = [
    ...(options.defaultApps === false ? [] : defaultApps(resolved.appUrl)),
    ...(options.apps ?? []).map(toRegisteredApp),
  ];
  const persistence = createPersistence(
    options.stateFile,
    () => serializeState(state, clock.offsetMs, clock.now()),
    options.persistDebounceMs ?? 250,
  );

  const ctx: SandboxContext = {
    options: resolved,
    clock,
    state,
    model,
    metrics: createMetricsEngine(model, resolved.seed),
    faults: createFaultInjector(resolved.faultSeed),
    stats: createRequestStats(),
    rateLimits: initialRateLimits,
    initialRateLimits,
    windows: createWindowCounters(),
    daily: createDailyCounters(),
    ids: { x: createSnowflakeGenerator(X_EPOCH_MS, 1), linkedin: createSnowflakeGenerator(0, 7) },
    configuredApps,
    markDirty: () => persistence.markDirty(),
    heldConnections: new Set(),
  };

  const persisted = persistence.load();
  if (isPersistedState(persisted)) {
    restoreInto(state, persisted);
    clock.restoreOffset(persisted.clockOffsetMs);
    // Configuration wins over the file, so a changed SANDBOX_APP_URL takes effect.
    for (const app of configuredApps) registerApp(state, app);
    for (const id of [...state.x.tweets.keys(), ...state.x.media.keys()]) ctx.ids.x.observe(id);
    for (const urn of state.linkedin.posts.keys()) ctx.ids.linkedin.observe(urn.slice(urn.lastIndexOf(':') + 1));
    for (const comment of state.linkedin.comments.values()) ctx.ids.linkedin.observe(comment.id);
  } else {
    seedState(ctx);
  }

  function reset(): void {
    clock.restoreOffset(0);
    ctx.metrics = createMetricsEngine(model, resolved.seed);
    ctx.faults.clear();
    ctx.stats.clear();
    ctx.windows.clear();
    ctx.daily.clear();
    ctx.rateLimits = initialRateLimits;
    seedState(ctx);
  }

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 1000 },
  });
  app.decorateRequest('receivedAt', 0);
  app.addHook('onRequest', async (request) => {
    request.receivedAt = clock.now();
  });
  app.addHook('onSend', async (request, reply) => {
    const url = request.url;
    // Headers the real hosts send on every answer (docs/networks.md, X · Rate limits, LinkedIn · Rate limits), useful when debugging a client.
    if (url.startsWith('/x/2/')) {
      reply.header('x-transaction-id', randomBytes(8).toString('hex'));
      reply.header('x-response-time', String(Math.max(0, clock.now() - request.receivedAt)));
      reply.header('api-version', '2.167');
      reply.header('x-access-level', 'read-write');
      reply.header('cache-control', 'no-cache, no-store, max-age=0');
    } else if (url.startsWith('/linkedin/')) {
      reply.header('x-li-uuid', randomBytes(12).toString('base64'));
      reply.header('x-li-fabric', 'sandbox');
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.sandboxEndpoint) ctx.stats.status(request.sandboxEndpoint, reply.statusCode);
  });
  registerBodyParsers(app);
  registerErrorHandlers(app);
  registerXConsentRoutes(app, ctx);
  registerXRoutes(app, ctx);
  registerLinkedInConsentRoutes(app, ctx);
  registerLinkedInRoutes(app, ctx);
  registerPostPageRoutes(app, ctx);
  registerSampleArticleRoutes(app);
  registerAdminRoutes(app, ctx, {
    reset: () => {
      reset();
      persistence.markDirty();
    },
  });

  return {
    app,
    state,
    clock,
    context: ctx,
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address() as AddressInfo;
      const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
      return `http://${shown}:${address.port}`;
    },
    reset,
    async close() {
      for (const timer of ctx.heldConnections) clearTimeout(timer);
      ctx.heldConnections.clear();
      await app.close();
      await persistence.stop();
    },
  };
}

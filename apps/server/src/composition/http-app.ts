import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { IMAGE_MAX_BYTES, WORKSPACE_HEADER } from '@postflow/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { withRouteExamples } from '../http/openapi-examples';
import type { AppServices } from './services';
import { API_DESCRIPTION } from './api-description';
import { registerErrorHandler } from '../http/error-handler';
import '../http/request-context';
import { createRouter, type Authenticate } from '../http/route';
import { responseSerializer } from '../http/response-serializer';
import { registerSecurityHeaders } from '../http/security-headers';
import { registerWebApp } from '../http/web-app';
import type { AppLogger } from '../lib/logger';
import { AppError, unauthorized } from '../lib/errors';
import { bearerToken, registerAuthRoutes } from '../modules/auth/auth.routes';
import { registerAnalyticsRoutes } from '../modules/analytics/analytics.routes';
import { registerAccountsRoutes } from '../modules/accounts/accounts.routes';
import { registerChannelsRoutes } from '../modules/channels/channels.routes';
import { registerHealthRoutes } from '../modules/health/health.routes';
import { registerPostsRoutes } from '../modules/posts/posts.routes';
import { registerPostImportRoutes } from '../modules/post-import/post-import.routes';
import { registerDraftsRoutes } from '../modules/drafts/drafts.routes';
import { registerQueueRoutes } from '../modules/queue/queue.routes';
import { registerWorkspaceRoutes } from '../modules/workspaces/workspaces.routes';
import { registerActivityRoutes } from '../modules/activity/activity.routes';
import { registerApiKeysRoutes } from '../modules/api-keys/api-keys.routes';
import { hasMisplacedKey, MISPLACED_KEY } from '../modules/api-keys/misplaced-key';
import { workspaceNotFound } from '../modules/workspaces/workspaces.service';
import { registerMembersRoutes } from '../modules/members/members.routes';
import { registerAdminRoutes } from '../modules/admin/admin.routes';
import { registerWorkspaceBrandingRoutes } from '../modules/workspaces/workspace-branding.routes';
import { createPostStatusChanges } from '../modules/posts/post-status-changes';
import { registerStatusStreamRoute } from '../modules/posts/status-stream.routes';
import { registerDashboardRoutes } from '../modules/dashboard/dashboard.routes';
import { registerFeedRoutes } from '../modules/feed/feed.routes';
import { registerCalendarRoutes } from '../modules/calendar/calendar.routes';
import { registerFeedbackRoutes } from '../modules/feedback/feedback.routes';
import { registerSiteRoutes } from '../modules/site/site.routes';
import { registerProfileRoutes } from '../modules/profile/profile.routes';
import { registerMediaRoutes } from '../modules/media/media.routes';
import { registerLinkPreviewRoutes } from '../modules/link-preview/link-preview.routes';
import { registerWebhooksRoutes } from '../modules/webhooks/webhooks.routes';
import { registerMediaUploadRoutes } from '../modules/media/media-upload.routes';
import { registerMcpRoutes } from '../modules/mcp/mcp.routes';

export interface BuildAppOptions {
  services: AppServices;
  logger: AppLogger;
}

/** The HTTP API and the web app, with every dependency passed in. Tests call this with their own. */
export async function buildApp({ services, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Node checks the header and request deadlines on this beat; its 30 s default would let a slow
    // sender overstay them by that much.
    http: { headersTimeout: config.httpTimeouts.headersMs, connectionsCheckingInterval: 1000 },
    requestTimeout: config.httpTimeouts.requestMs,
    connectionTimeout: config.httpTimeouts.idleMs,
    // Malformed addresses (bad percent-encoding, …) are refused before routing: answer them in our shape.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ error: { code: 'bad_request', message: 'The address of this request is not valid.' } });
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
  });
  // Only JSON (and multipart where a route asks for it): a text/plain body gets a clear 415.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('auth', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  const connectSources = ["'self'", ...(config.webApiBaseUrl ? [config.webApiBaseUrl] : [])];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style properties through the DOM; charts and transitions rely on it.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars and post images come from the networks' CDNs.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
        connectSrc: connectSources,
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The consent pages of X and LinkedIn open in the same window, not a popup; nothing to isolate.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  // Multipart only where a route asks for it; the publish call and POST /api/v1/media set their own larger limits (MEDIA_MAX_BYTES, decision 147).
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 64 * 1024 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Postflow API',
        version: '0.1.0',
        description: API_DESCRIPTION,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token from POST /auth/login, for the web app.' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pf_ak_…',
            description:
              'A personal API key (Settings → API keys), limited to its scopes and its workspace. Each call that takes one says which scope it needs.',
          },
        },
      },
    },
    transform: withRouteExamples(jsonSchemaTransform),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const router = createRouter(app, async (request, route, reply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(hasMisplacedKey(request) ? MISPLACED_KEY : 'Sign in to continue.');
    if (services.apiKeys.isKey(token)) return keyCaller(request, route, reply, token);
    const { userId, sessionId } = await services.auth.authenticate(token);
    const workspaceId = route.access === 'person' ? userId : (named(request, route.workspaceParam) ?? userId);
    return { userId, sessionId, apiKey: null, workspaceId, role: await services.workspaces.roleIn(workspaceId, userId) };
  });

  /** An API key acts in its own workspace only: naming another is answered as for any stranger (decision 162). */
  async function keyCaller(request: FastifyRequest, route: Parameters<Authenticate>[1], reply: FastifyReply, token: string) {
    const caller = await services.apiKeys.authenticate(token, route, (state) => {
      void reply.headers({
        'ratelimit-limit': String(state.limit),
        'ratelimit-remaining': String(state.remaining),
        'ratelimit-reset': String(state.resetSeconds),
        'ratelimit-policy': `${state.limit};w=60`,
      });
    });
    const namedWorkspace = named(request, route.workspaceParam);
    if (namedWorkspace !== undefined && namedWorkspace !== caller.workspaceId) throw workspaceNotFound();
    return {
      userId: caller.userId,
      sessionId: null,
      apiKey: { id: caller.keyId, scopes: caller.scopes },
      workspaceId: caller.workspaceId,
      role: caller.role,
    };
  }

  registerHealthRoutes(router, { health: services.health, clock: services.clock });
  registerSiteRoutes(router, services.site);
  registerAuthRoutes(router, services.auth);
  registerWorkspaceRoutes(router, services.workspaces);
  registerActivityRoutes(router, services.activity);
  registerApiKeysRoutes(router, services.apiKeys);
  registerMembersRoutes(router, { members: services.members, invitations: services.invitations });
  registerWorkspaceBrandingRoutes(router, services.workspaceBranding);
  registerAnalyticsRoutes(router, { reporting: services.reporting, collection: services.collection, insights: services.insights });
  registerChannelsRoutes(router, services.channels);
  registerPostsRoutes(router, {
    posts: services.posts,
    media: services.media,
    enhance: services.enhance,
    approvals: services.approvals,
  });
  registerPostImportRoutes(router, services.postImport);
  registerDraftsRoutes(router, services.drafts);
  registerQueueRoutes(router, services.postingQueue);
  registerLinkPreviewRoutes(router, services.linkPreview);
  registerWebhooksRoutes(router, services.webhooks);
  registerStatusStreamRoute(router, statusStreamDeps(app, services, logger));
  registerMediaRoutes(app, services.media);
  registerMediaUploadRoutes(router, { media: services.media, publicUrl: config.publicUrl });
  registerAccountsRoutes(app, router, {
    accounts: services.accounts,
    signInMethods: services.signInMethods,
    providers: services.providers,
    publicUrl: config.publicUrl,
    rateLimiter: services.rateLimiter,
  });
  registerFeedRoutes(router, services.feed);
  registerCalendarRoutes(router, services.calendar);
  registerDashboardRoutes(router, services.dashboard);
  registerFeedbackRoutes(router, services.feedback);
  registerProfileRoutes(router, services.profile);
  registerAdminRoutes(router, services.admin);
  registerMcpRoutes(app, { apiKeys: services.apiKeys });

  const notFound = await registerWebApp(app, { distDir: config.webDistDir, apiBaseUrl: config.webApiBaseUrl });
  app.setNotFoundHandler(notFound);
  return app;
}

/** The status stream's collaborators: one LISTEN connection for this process, closed with the app. */
function statusStreamDeps(app: FastifyInstance, services: AppServices, logger: AppLogger) {
  const changes = createPostStatusChanges({ connectionString: services.db.connectionString, log: logger });
  const openStreams = new Set<() => void>();
  // Before the server stops accepting: open streams would otherwise hold `close` until they end.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  app.addHook('onClose', async () => changes.close());
  return {
    changes,
    onShutdown(end: () => void) {
      openStreams.add(end);
      return () => openStreams.delete(end);
    },
    async stillSignedIn(request: FastifyRequest) {
      try {
        await services.auth.authenticate(bearerToken(request) ?? '');
        return true;
      } catch (error) {
        // Only a refused session ends the stream; a database hiccup does not sign anyone out.
        return !(error instanceof AppError && error.code === 'unauthorized');
      }
    },
  };
}

/** The workspace a call names: the route's path parameter for calls about a workspace, else the header. */
function named(request: FastifyRequest, workspaceParam: string | undefined): string | undefined {
  if (workspaceParam) return (request.params as Record<string, string | undefined>)[workspaceParam];
  const header = request.headers[WORKSPACE_HEADER];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerXMediaRoutes } from './x-media.routes';
import { registerXOAuthRoutes } from './x-oauth.routes';
import { registerXTweetRoutes } from './x-tweets.routes';
import { registerXUserRoutes } from './x-users.routes';

/** X's API host (api.x.com) lives under /x; the consent page (x.com) is registered by the consent module. */
export function registerXRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerXOAuthRoutes(app, ctx);
  registerXUserRoutes(app, ctx);
  registerXTweetRoutes(app, ctx);
  registerXMediaRoutes(app, ctx);
}

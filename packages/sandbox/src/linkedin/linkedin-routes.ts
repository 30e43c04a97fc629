import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerLinkedInCommentRoutes } from './linkedin-comments.routes';
import { registerLinkedInDocumentRoutes } from './linkedin-documents.routes';
import { registerLinkedInImageRoutes } from './linkedin-images.routes';
import { registerLinkedInOAuthRoutes } from './linkedin-oauth.routes';
import { registerLinkedInOrganizationRoutes } from './linkedin-organizations.routes';
import { registerLinkedInPostRoutes } from './linkedin-posts.routes';
import { registerLinkedInStatisticsRoutes } from './linkedin-statistics.routes';
import { registerLinkedInUserinfoRoutes } from './linkedin-userinfo.routes';
import { registerLinkedInVideoRoutes } from './linkedin-videos.routes';

/** LinkedIn's OAuth host (www.linkedin.com) and API host (api.linkedin.com) both live under /linkedin. */
export function registerLinkedInRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerLinkedInOAuthRoutes(app, ctx);
  registerLinkedInUserinfoRoutes(app, ctx);
  registerLinkedInPostRoutes(app, ctx);
  registerLinkedInCommentRoutes(app, ctx);
  registerLinkedInImageRoutes(app, ctx);
  registerLinkedInVideoRoutes(app, ctx);
  registerLinkedInDocumentRoutes(app, ctx);
  registerLinkedInOrganizationRoutes(app, ctx);
  registerLinkedInStatisticsRoutes(app, ctx);
}

import { adminRoutes } from '@postflow/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/route';
import { notFound } from '../../lib/errors';
import type { AdminService } from './admin.service';

/** The answer an unknown path gets (http/web-app.ts), so the admin area looks absent to everyone else. */
const absent = (request: FastifyRequest) => () => notFound(`There is no API call ${request.method} ${request.url.split('?')[0]}.`);

export function registerAdminRoutes(router: Router, admin: AdminService) {
  router.authed(adminRoutes.workspaces, async ({ auth, request }) => {
    await admin.assertAdmin(auth.userId, absent(request));
    return { workspaces: await admin.workspaces() };
  });
  router.authed(adminRoutes.setPlan, async ({ auth, request, params, body }) => {
    await admin.assertAdmin(auth.userId, absent(request));
    return admin.setPlan(params.id, body.plan);
  });
  router.authed(adminRoutes.planRequests, async ({ auth, request }) => {
    await admin.assertAdmin(auth.userId, absent(request));
    return { requests: await admin.planRequests() };
  });
}

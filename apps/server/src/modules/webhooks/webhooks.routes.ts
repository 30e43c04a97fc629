import { webhooksRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { WebhooksService } from './webhooks.service';

export function registerWebhooksRoutes(router: Router, webhooks: WebhooksService) {
  router.authed(webhooksRoutes.create, ({ auth, body }) => webhooks.create(auth, body));
  router.authed(webhooksRoutes.list, async ({ auth }) => ({ webhooks: await webhooks.list(auth.workspaceId) }));
  router.authed(webhooksRoutes.update, ({ auth, params, body }) => webhooks.update(auth.workspaceId, params.id, body));
  router.authed(webhooksRoutes.remove, async ({ auth, params }) => {
    await webhooks.remove(auth.workspaceId, params.id);
    return null;
  });
  router.authed(webhooksRoutes.rotateSecret, ({ auth, params }) => webhooks.rotateSecret(auth.workspaceId, params.id));
  router.authed(webhooksRoutes.test, ({ auth, params }) => webhooks.test(auth.workspaceId, params.id));
  router.authed(webhooksRoutes.deliveries, async ({ auth, params }) => ({
    deliveries: await webhooks.deliveries(auth.workspaceId, params.id),
  }));
  router.authed(webhooksRoutes.redeliver, ({ auth, params }) => webhooks.redeliver(auth.workspaceId, params.id, params.deliveryId));
}

import { queueRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { QueueService } from './queue.service';

export function registerQueueRoutes(router: Router, queue: QueueService) {
  router.authed(queueRoutes.getSlots, ({ auth, params }) => queue.getSlots(auth, params.accountId));
  router.authed(queueRoutes.putSlots, ({ auth, params, body }) => queue.putSlots(auth, params.accountId, body));
  router.authed(queueRoutes.suggestions, ({ auth, params }) => queue.suggestions(auth, params.accountId));
  router.authed(queueRoutes.list, ({ auth, query }) => queue.list(auth, query.days, query.channelId));
  router.authed(queueRoutes.move, ({ auth, params, body }) => queue.move(auth, params.id, new Date(body.to)));
}

import { apiKeyRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { ApiKeysService } from './api-keys.service';

export function registerApiKeysRoutes(router: Router, apiKeys: ApiKeysService): void {
  router.authed(apiKeyRoutes.list, async ({ auth }) => ({ apiKeys: await apiKeys.list(auth) }));
  router.authed(apiKeyRoutes.create, async ({ auth, body }) => apiKeys.create(auth, body));
  router.authed(apiKeyRoutes.revoke, async ({ auth, params }) => {
    await apiKeys.revoke(auth, params.id);
    return null;
  });
}

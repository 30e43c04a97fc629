import { channelsRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { ChannelsService } from './channels.service';

export function registerChannelsRoutes(router: Router, channels: ChannelsService) {
  router.authed(channelsRoutes.list, async ({ auth }) => ({ channels: await channels.list(auth.workspaceId) }));
}

import { linkPreviewRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { LinkPreviewService } from './link-preview.service';

export function registerLinkPreviewRoutes(router: Router, service: LinkPreviewService) {
  router.authed(linkPreviewRoutes.preview, ({ auth, body }) => service.preview(auth.userId, body.url));
}

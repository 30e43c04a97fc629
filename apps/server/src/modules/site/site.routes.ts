import { siteRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { SiteService } from './site.service';

export function registerSiteRoutes(router: Router, site: SiteService) {
  router.open(siteRoutes.info, () => site.info());
  for (const route of [siteRoutes.contact, siteRoutes.contactWithoutSlash]) {
    router.open(route, ({ body, request }) =>
      site.submitContact({ name: body.name, email: body.email, title: body.title, content: body.content }, { ip: request.ip }),
    );
  }
}

import { calendarRoutes } from '@postflow/contract';
import type { Router } from '../../http/route';
import type { CalendarService } from './calendar.service';

export function registerCalendarRoutes(router: Router, calendar: CalendarService) {
  router.authed(calendarRoutes.items, ({ auth, query }) => calendar.items(auth, query));
}

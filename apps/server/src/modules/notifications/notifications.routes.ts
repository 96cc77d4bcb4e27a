import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { NotificationsService } from './notifications.service.js';

export const notificationsRoutes = (notifications: NotificationsService) => [
  route(contracts.listNotifications, ({ actor, query }) => notifications.list(actor, query.read)),
  route(contracts.markNotificationRead, ({ actor, params, body }) =>
    notifications.markRead(actor, params.id, body.read),
  ),
];

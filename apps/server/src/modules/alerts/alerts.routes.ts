import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { AlertsService } from './alerts.service.js';

export const alertsRoutes = (alerts: AlertsService) => [
  route(contracts.getAlerts, ({ actor, query }) => alerts.list(actor, query)),
  route(contracts.markAlertsViewed, ({ actor, body }) =>
    alerts.markViewed(actor, body.alert_ids, body.school_id),
  ),
];

import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { ActivityService } from './activity.service.js';

export const activityRoutes = (activity: ActivityService) => [
  route(contracts.getActivityProfile, ({ actor, query }) => activity.own(actor, query)),
  route(contracts.getStudentActivityProfile, ({ actor, params, query }) =>
    activity.ofStudent(actor, params.id, query),
  ),
];

import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { GoalsService } from './goals.service.js';

export const goalsRoutes = (goals: GoalsService) => [
  route(contracts.getGoalSettings, ({ actor, query }) => goals.settings(actor, query.class_id)),
  route(contracts.updateGoalSettings, ({ actor, query, body }) =>
    goals.updateSettings(actor, query.class_id, body.settings),
  ),
  route(contracts.setStudentGoal, ({ actor, params, body }) =>
    goals.setStudentGoal(actor, params.id, body.goal),
  ),
];

import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { OutcomesService } from './outcomes.service.js';

export const outcomesRoutes = (outcomes: OutcomesService) => [
  route(contracts.getStudentLearningOutcomePerformances, ({ actor, params, query }) =>
    outcomes.performances(actor, params.id, query),
  ),
  route(contracts.getStudentProficiency, ({ actor, query }) => outcomes.proficiency(actor, query)),
  route(contracts.getQuestionDetails, ({ actor, query }) => outcomes.questionDetails(actor, query)),
];

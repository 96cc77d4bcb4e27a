import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { createQuizService } from './quiz.service.js';

export const quizRoutes = (quiz: ReturnType<typeof createQuizService>) => [
  route(contracts.getPassageQuestions, ({ actor, params }) => quiz.getPassageQuestions(actor, params.id)),
  route(contracts.submitDiagnostics, ({ actor, params, body }) =>
    quiz.submitDiagnostics(actor, params.id, body),
  ),
  route(contracts.getDiagnosticsSubmission, ({ actor, params }) =>
    quiz.getDiagnosticsSubmission(actor, params.id),
  ),
  route(contracts.getAnswersToMark, ({ actor, query }) => quiz.getAnswersToMark(actor, query)),
  route(contracts.markAnswer, ({ actor, params, body }) => quiz.markAnswer(actor, params.id, body)),
];

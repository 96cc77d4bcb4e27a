import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { InsightsService } from './insights.service.js';

export const insightsRoutes = (insights: InsightsService) => [
  route(contracts.getInsights, ({ actor, query }) => insights.insights(actor, query)),
  route(contracts.getStudentCount, ({ actor, query }) => insights.studentCount(actor, query)),
  route(contracts.getStudentColourBandBySeries, ({ actor, query }) => insights.colourBands(actor, query)),
  route(contracts.getClassActivity, ({ actor, query }) => insights.dailyActivity(actor, query)),
  route(contracts.getWeeklyActivity, ({ actor, query }) => insights.weeklyActivity(actor, query)),
  route(contracts.getClassWeeklyActivity, ({ actor, params }) =>
    insights.classWeeklyActivity(actor, params.id),
  ),
  route(contracts.getLevelProgression, ({ actor, query }) => insights.levelProgression(actor, query)),
  route(contracts.getClassesReadingOverview, ({ actor, query }) => insights.readingOverview(actor, query)),
  route(contracts.getClassesReadingOverviewPaginated, ({ actor, query }) =>
    insights.readingOverviewPage(actor, query),
  ),
  route(contracts.getLearningOutcomePerformance, ({ actor, query }) =>
    insights.learningOutcomes(actor, query),
  ),
];

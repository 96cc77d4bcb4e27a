import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { ReportsService } from './reports.service.js';

export const reportsRoutes = (reports: ReportsService) => [
  route(contracts.getReadingOverview, ({ actor, query }) => reports.readingOverview(actor, query)),
  route(contracts.getBookPerformance, ({ actor, params, query }) =>
    reports.bookPerformance(actor, params.id, query),
  ),
  route(contracts.getStudentReadingOverview, ({ actor, query }) => reports.studentOverview(actor, query)),
];

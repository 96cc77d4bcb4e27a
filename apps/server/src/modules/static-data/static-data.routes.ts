import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { createStaticDataService } from './static-data.service.js';

export const staticDataRoutes = (staticData: ReturnType<typeof createStaticDataService>) => [
  route(contracts.getAcademicLevels, () => staticData.academicLevels()),
  route(contracts.getSubAcademicLevels, () => staticData.subAcademicLevels()),
  route(contracts.getStaticSchools, ({ actor }) => staticData.schools(actor)),
  route(contracts.getTopics, () => staticData.topics()),
  route(contracts.getSeries, async () => staticData.series()),
];

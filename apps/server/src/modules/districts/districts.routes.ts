import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { DistrictsService } from './districts.service.js';

export const districtsRoutes = (districts: DistrictsService) => [
  route(contracts.getDistrictOverview, ({ actor, query }) => districts.overview(actor, query)),
  route(contracts.getDistrictSettings, ({ actor }) => districts.settings(actor)),
  route(contracts.updateDistrictSettings, ({ actor, body }) => districts.updateSettings(actor, body)),
];

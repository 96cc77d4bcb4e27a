import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { LicencesService } from './licences.service.js';

export const licencesRoutes = (licences: LicencesService) => [
  route(contracts.getLicensePacks, ({ actor, query }) => licences.packs(actor, query.school_id)),
  route(contracts.getLicensePackUsage, ({ actor, query }) => licences.usage(actor, query.school_id)),
  route(contracts.getLicensePackUsageHistory, ({ actor, query }) => licences.history(actor, query.school_id)),
];

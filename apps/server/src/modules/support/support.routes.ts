import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { createSupportService } from './support.service.js';

export const supportRoutes = (support: ReturnType<typeof createSupportService>) => [
  route(contracts.contactUsPublic, ({ request }) => support.contactUsPublic(request)),
  route(contracts.contactUs, ({ actor, body }) => support.contactUs(actor, body)),
  route(contracts.translate, ({ body }) => support.translate(body)),
  route(contracts.getTeacherResources, () => support.teacherResources()),
];

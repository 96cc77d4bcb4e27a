import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { createSupportService } from './support.service.js';

export const supportRoutes = (support: ReturnType<typeof createSupportService>) => [
  route(contracts.contactUsPublic, ({ request }) => support.contactUsPublic(request)),
  route(contracts.contactUs, ({ actor, request }) => support.contactUs(actor, request)),
  route(contracts.translate, ({ body }) => support.translate(body)),
  route(contracts.getTeacherResources, () => support.teacherResources()),
];

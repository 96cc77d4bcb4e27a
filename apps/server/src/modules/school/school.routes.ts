import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { SchoolService } from './school.service.js';

export const schoolRoutes = (school: SchoolService) => [
  route(contracts.listSchools, ({ actor }) => school.schools(actor)),
  route(contracts.listTeachers, ({ actor, query }) => school.staff(actor, query.school_id)),
  route(contracts.batchCreateUsers, ({ actor, body }) => school.batchCreate(actor, body.users)),
  route(contracts.batchDeleteUsers, ({ actor, body }) => school.batchDelete(actor, body.user_ids)),
  route(contracts.updateUser, ({ actor, params, body }) => school.updateUser(actor, params.id, body)),
  route(contracts.setUserPassword, ({ actor, params, body }) =>
    school.setUserPassword(actor, params.id, body.password),
  ),
];

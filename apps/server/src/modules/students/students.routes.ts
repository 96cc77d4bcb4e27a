import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { createStudentsService } from './students.service.js';

export const studentsRoutes = (students: ReturnType<typeof createStudentsService>) => [
  route(contracts.getUserDetails, ({ actor }) => students.userDetails(actor)),
  route(contracts.getPlacementTest, ({ actor }) => students.placementTest(actor)),
  route(contracts.resetStudent, ({ actor, params, body }) =>
    students.resetStudent(actor, params.id, body.starting_point),
  ),
  route(contracts.placeStudent, ({ actor, params, body }) => students.placeStudent(actor, params.id, body)),
  route(contracts.getStudentSkillBuilders, ({ actor, params }) => students.skillBuilders(actor, params.id)),
  route(contracts.getStudentRateBuilders, ({ actor, params }) => students.rateBuilders(actor, params.id)),
];

import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { RosterService } from './roster.service.js';
import type { createStudentsService } from './students.service.js';

export const studentsRoutes = (students: ReturnType<typeof createStudentsService>, roster: RosterService) => [
  route(contracts.getUserDetails, ({ actor }) => students.userDetails(actor)),
  route(contracts.getPlacementTest, ({ actor }) => students.placementTest(actor)),
  route(contracts.resetStudent, ({ actor, params, body }) =>
    students.resetStudent(actor, params.id, body.starting_point),
  ),
  route(contracts.placeStudent, ({ actor, params, body }) => students.placeStudent(actor, params.id, body)),
  route(contracts.getStudentSkillBuilders, ({ actor, params }) => students.skillBuilders(actor, params.id)),
  route(contracts.getStudentRateBuilders, ({ actor, params }) => students.rateBuilders(actor, params.id)),
  route(contracts.listStudents, ({ actor, query }) => roster.list(actor, query)),
  route(contracts.getStudentClasses, ({ actor, params }) => roster.classesOf(actor, params.id)),
  route(contracts.batchCreateStudents, ({ actor, body }) => roster.batchCreate(actor, body)),
];

import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { AssignmentsService } from './assignments.service.js';

export const assignmentsRoutes = (assignments: AssignmentsService) => [
  route(contracts.haveNewAssignments, ({ actor }) => assignments.haveNew(actor)),
  route(contracts.markAssignmentsSeen, ({ actor }) => assignments.markSeen(actor)),
  route(contracts.getAssignmentsActivity, ({ actor, query }) => assignments.activity(actor, query.class_id)),
  route(contracts.listAssignments, ({ actor, query }) => assignments.list(actor, query.classId)),
  route(contracts.createAssignment, ({ actor, body }) => assignments.create(actor, body)),
  route(contracts.updateAssignment, ({ actor, params, body }) => assignments.update(actor, params.id, body)),
  route(contracts.deleteAssignment, ({ actor, params }) => assignments.remove(actor, params.id)),
];

import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { createStudentsService } from './students.service.js';

export const studentsRoutes = (students: ReturnType<typeof createStudentsService>) => [
  route(contracts.getUserDetails, ({ actor }) => students.userDetails(actor)),
];

import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { ClassesService } from './classes.service.js';

export const classesRoutes = (classes: ClassesService) => [
  route(contracts.listClasses, ({ actor, query }) => classes.list(actor, query.school_id)),
];

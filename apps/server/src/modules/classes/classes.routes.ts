import { contracts } from '@readalong/contracts';
import { route } from '../../http/route.js';
import type { ClassesService } from './classes.service.js';
import type { classTranslation } from './class-translation.js';

export const classesRoutes = (classes: ClassesService, translation: ReturnType<typeof classTranslation>) => [
  route(contracts.listClasses, ({ actor, query }) => classes.list(actor, query.school_id)),
  route(contracts.createClass, ({ actor, body }) => classes.createOne(actor, body)),
  route(contracts.batchCreateClasses, ({ actor, body }) => classes.createMany(actor, body.classes)),
  route(contracts.getClass, ({ actor, params }) => classes.get(actor, params.id)),
  route(contracts.updateClass, ({ actor, params, body }) => classes.update(actor, params.id, body)),
  route(contracts.getClassStudents, ({ actor, params }) => classes.students(actor, params.id)),
  route(contracts.exportClassStudents, async ({ actor, params, reply }) => {
    const file = await classes.export(actor, params.id);
    void reply.header('content-disposition', file.disposition);
    return file.csv;
  }),
  route(contracts.removeClassStudents, ({ actor, params, body }) =>
    classes.remove(actor, params.id, body.student_ids),
  ),
  route(contracts.enrolClassStudents, ({ actor, params, body }) => classes.enrol(actor, params.id, body)),
  route(contracts.getClassTranslation, ({ actor, params }) => translation.get(actor, params.id)),
  route(contracts.setClassTranslation, ({ actor, params, body }) =>
    translation.set(actor, params.id, body.target_lang),
  ),
  route(contracts.getClassSkillBuilders, ({ actor, params }) => classes.skillBuilders(actor, params.id)),
];

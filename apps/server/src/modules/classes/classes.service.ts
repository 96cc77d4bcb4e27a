/** Classes as staff see them (SPEC.md §7 "Classes"): a teacher the classes they teach, owners and heads more. */
import { SUBJECT_ID, type Class } from '@readalong/contracts';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { hasRows } from '../../db/database.js';
import { classes, schools } from '../../db/schema/index.js';
import { notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { visibleClasses, visibleSchools } from '../access/scope.js';
import * as repo from './classes.repository.js';

const classView = ({ klass, studentCount, teachers }: repo.ClassRow): ClassView => ({
  id: klass.id,
  name: klass.name,
  subject_id: SUBJECT_ID,
  num_students: klass.numStudents,
  student_count: studentCount,
  school_id: klass.schoolId,
  academic_level_id: klass.academicLevelId,
  teachers: teachers.map((teacher) => ({ id: teacher.id, name: `${teacher.first} ${teacher.last}`.trim() })),
});

type ClassView = z.infer<typeof Class>;

export type ClassesService = ReturnType<typeof createClassesService>;

export function createClassesService({ db }: Deps) {
  /** A department head may narrow to one school of the district; for everyone else `school_id` is ignored. */
  async function schoolNarrowing(actor: Actor, schoolId: number | undefined) {
    if (actor.role !== 'department_head' || schoolId === undefined) return undefined;
    if (!(await hasRows(db, schools, and(eq(schools.id, schoolId), visibleSchools(actor))))) {
      throw notFound('school');
    }
    return eq(classes.schoolId, schoolId);
  }

  return {
    async list(actor: Actor, schoolId: number | undefined) {
      const where = and(visibleClasses(db, actor), await schoolNarrowing(actor, schoolId))!;
      return { classes: (await repo.listClasses(db, where)).map(classView) };
    },
  };
}

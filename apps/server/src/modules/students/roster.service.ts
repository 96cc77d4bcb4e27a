/**
 * The school's students as staff manage them (docs/rules.md M5, M6): found by name a page at a time, their classes,
 * and new students made in bulk.
 */
import type { contracts } from '@readalong/contracts';
import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { students } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { requireVisibleClass, requireVisibleStudent, schoolInScope } from '../access/in-scope.js';
import { visibleStudents } from '../access/scope.js';
import { createClassesService, type ClassesService } from '../classes/classes.service.js';
import { enrolledIn } from '../classes/class-conditions.js';
import * as repo from './roster.repository.js';
import { studentSummaries } from './student-summary.js';

type ListQuery = z.output<typeof contracts.listStudents.query>;

export type RosterService = ReturnType<typeof createRosterService>;

export function createRosterService(
  deps: Pick<Deps, 'db' | 'storage'>,
  classes: ClassesService = createClassesService(deps),
) {
  const { db } = deps;
  return {
    /** Students in scope, narrowed by school, class and name in SQL, by last name, a page at a time (M5). */
    async list(actor: Actor, query: ListQuery) {
      const schoolId = await schoolInScope(db, actor, query.school_id);
      if (query.class_id !== undefined) await requireVisibleClass(db, actor, query.class_id);
      const where = and(
        visibleStudents(db, actor),
        actor.role === 'department_head' && schoolId !== undefined
          ? eq(students.schoolId, schoolId)
          : undefined,
        query.class_id !== undefined ? enrolledIn(db, query.class_id) : undefined,
        query.search ? repo.nameMatches(query.search) : undefined,
      )!;
      return {
        students: await studentSummaries(deps, where, {
          limit: query.limit,
          offset: query.page * query.limit,
        }),
        total: await repo.countStudents(db, where),
      };
    },

    async classesOf(actor: Actor, studentId: number) {
      await requireVisibleStudent(db, actor, studentId);
      return classes.ofStudent(actor, studentId);
    },
  };
}

/**
 * The school's students as staff manage them (docs/rules.md M5, M6): found by name a page at a time, their classes,
 * and new students made in bulk.
 */
import type { contracts } from '@readalong/contracts';
import type { z } from 'zod';
import { and } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { invalidFields } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { requireVisibleClass, requireVisibleStudent, schoolInScope } from '../access/in-scope.js';
import { studentsOfPickedSchool, visibleStudents } from '../access/scope.js';
import {
  createClassesService,
  enrolWithinCapacity,
  type ClassesService,
} from '../classes/classes.service.js';
import { dayOf, requireFreeSeats } from '../licences/licences.service.js';
import { insertAccounts, usernameProblems, withPasswords } from '../school/accounts.js';
import { enrolledIn } from '../classes/class-conditions.js';
import * as repo from './roster.repository.js';
import { studentSummaries } from './student-summary.js';

type ListQuery = z.output<typeof contracts.listStudents.query>;
type NewStudents = z.output<typeof contracts.batchCreateStudents.body>;

export type RosterService = ReturnType<typeof createRosterService>;

export function createRosterService(
  deps: Pick<Deps, 'db' | 'storage' | 'clock'>,
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
        studentsOfPickedSchool(actor, schoolId),
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

    /**
     * New students in a class of the caller's (their home class), all or none (M4, M7): refused past the free
     * licence seats (LP3) or the class's capacity (M2), naming `body.students`.
     */
    async batchCreate(actor: Actor, body: NewStudents) {
      const klass = await requireVisibleClass(db, actor, body.class_id);
      const planned = body.students.map((row) => ({
        row,
        role: 'student' as const,
        schoolId: klass.schoolId,
        districtId: actor.districtId,
      }));
      const fieldOf = (index: number) => `body.students.${index}`;
      // Checked before hashing (slow by design) and again in the transaction, for a name taken meanwhile.
      const problems = await usernameProblems(db, body.students, fieldOf);
      if (Object.keys(problems).length) throw invalidFields(problems);
      const hashed = await withPasswords(planned);
      return db.transaction(async (tx) => {
        const again = await usernameProblems(tx, body.students, fieldOf);
        if (Object.keys(again).length) throw invalidFields(again);
        await requireFreeSeats(tx, klass.schoolId, hashed.length, 'body.students', dayOf(deps.clock.now()));
        const made = await insertAccounts(tx, hashed);
        const ids = made.map((user) => user.user_id);
        await enrolWithinCapacity(tx, body.class_id, ids, 'body.students');
        return { students: made };
      });
    },

    async classesOf(actor: Actor, studentId: number) {
      await requireVisibleStudent(db, actor, studentId);
      return classes.ofStudent(actor, studentId);
    },
  };
}

/** The schools of a district and their staff, as owners and department heads manage them (docs/rules.md M6–M10). */
import type { contracts } from '@readalong/contracts';
import type { z } from 'zod';
import { and } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import { invalidField, invalidFields, notFound } from '../../domain/errors.js';
import { schoolInScope } from '../access/in-scope.js';
import { staffOfPickedSchool, visibleSchools, visibleStaff } from '../access/scope.js';
import { createAuthService, type AuthService } from '../auth/auth.service.js';
import { enrolWithinCapacity } from '../classes/classes.service.js';
import { dayOf, requireFreeSeats } from '../licences/licences.service.js';
import { insertAccounts, usernameProblems, withPasswords, type PlannedAccount } from './accounts.js';
import { createManagedUsers, manageable } from './managed-users.js';
import * as repo from './school.repository.js';

type NewUser = z.output<typeof contracts.batchCreateUsers.body>['users'][number];
type Problems = Record<string, string>;

export type SchoolService = ReturnType<typeof createSchoolService>;

/** `auth` ends sessions and resets passwords for managed accounts (M10); the app's own is passed where there is one. */
export function createSchoolService(deps: Deps, auth: AuthService = createAuthService(deps)) {
  const { db, storage } = deps;

  /** Where a new account goes, its email and its classes (M7): each problem named on its row. */
  async function plan(actor: Actor, row: NewUser, at: string, problems: Problems) {
    if (row.login_role === 'department_head') {
      if (actor.role !== 'department_head')
        problems[`${at}.login_role`] = 'only a department head adds department heads';
      if (row.class_ids?.length) problems[`${at}.class_ids`] = 'a department head teaches no class';
    }
    const schoolId =
      row.login_role === 'department_head' ? null : await schoolInScope(db, actor, row.school_id);
    if (schoolId === undefined) problems[`${at}.school_id`] = 'choose the school';
    if (row.login_role !== 'student' && !row.email)
      problems[`${at}.email`] = 'staff need an email (for password reset)';
    const classIds = [...new Set(row.class_ids ?? [])];
    if (schoolId && classIds.length) {
      const found = await repo.classesOfSchool(db, schoolId, classIds);
      const strangers = classIds.filter((id) => !found.has(id));
      if (strangers.length)
        problems[`${at}.class_ids`] = `not classes of this school: ${strangers.join(', ')}`;
    }
    return { row, role: row.login_role, schoolId: schoolId ?? null, districtId: actor.districtId, classIds };
  }

  /** Students of each school counted against its seats (LP3), named on the first of its rows. */
  async function checkSeats(tx: Executor, planned: (PlannedAccount & { schoolId: number | null })[]) {
    const bySchool = new Map<number, { count: number; index: number }>();
    planned.forEach((account, index) => {
      if (account.role !== 'student' || account.schoolId === null) return;
      const seen = bySchool.get(account.schoolId) ?? { count: 0, index };
      bySchool.set(account.schoolId, { ...seen, count: seen.count + 1 });
    });
    for (const [schoolId, { count, index }] of bySchool) {
      await requireFreeSeats(tx, schoolId, count, `body.users.${index}`, dayOf(deps.clock.now()));
    }
  }

  return {
    ...createManagedUsers(deps, auth),

    /** Accounts of any role, all or none (M4, M7). */
    async batchCreate(actor: Actor, rows: NewUser[]) {
      const fieldOf = (index: number) => `body.users.${index}`;
      const problems: Problems = await usernameProblems(db, rows, fieldOf);
      const planned: Awaited<ReturnType<typeof plan>>[] = [];
      for (const [index, row] of rows.entries())
        planned.push(await plan(actor, row, fieldOf(index), problems));
      if (Object.keys(problems).length) throw invalidFields(problems);
      const hashed = await withPasswords(planned);
      return db.transaction(async (tx) => {
        const again = await usernameProblems(tx, rows, fieldOf);
        if (Object.keys(again).length) throw invalidFields(again);
        await checkSeats(tx, planned);
        const made = await insertAccounts(tx, hashed);
        for (const [index, account] of planned.entries()) {
          const userId = made[index]!.user_id;
          if (account.role === 'student') {
            for (const classId of account.classIds) {
              await enrolWithinCapacity(tx, classId, [userId], `${fieldOf(index)}.class_ids`);
            }
          } else await repo.teach(tx, userId, account.classIds);
        }
        return { users: made };
      });
    },

    /** Deletes accounts in scope, all or none (M8); the caller's own cannot go. */
    async batchDelete(actor: Actor, userIds: number[]) {
      const ids = [...new Set(userIds)];
      if (ids.includes(actor.userId))
        throw invalidField('body.user_ids', 'you cannot delete your own account');
      return db.transaction(async (tx) => {
        const reachable = await repo.reachableUsers(tx, ids, manageable(tx, actor));
        if (reachable.length !== ids.length) throw notFound('user');
        return { deleted: await repo.deleteAccounts(tx, ids, actor.userId) };
      });
    },

    async schools(actor: Actor) {
      const rows = await repo.listSchools(db, visibleSchools(actor));
      return {
        schools: rows.map((row) => ({
          id: row.id,
          name: row.name,
          district_id: row.districtId,
          student_count: row.studentCount,
          teacher_count: row.teacherCount,
          class_count: row.classCount,
        })),
      };
    },

    /** The staff in scope (A3): a department head's district, or one school of it; everyone else their school. */
    async staff(actor: Actor, schoolId: number | undefined) {
      const school = await schoolInScope(db, actor, schoolId);
      const rows = await repo.listStaff(db, and(visibleStaff(actor), staffOfPickedSchool(actor, school))!);
      return {
        teacher: rows.map((row) => ({
          id: row.id,
          username: row.username,
          first_name: row.firstName,
          last_name: row.lastName,
          email: row.email,
          login_role: row.role,
          school_id: row.schoolId,
          class_ids: row.classIds,
          profile_pic_url: row.profilePicKey ? storage.signedUrl(row.profilePicKey) : null,
          disabled: row.isDisabled,
        })),
      };
    },
  };
}

/** The schools of a district and their staff, as owners and department heads manage them (docs/rules.md M6). */
import { and } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../domain/actor.js';
import { schoolInScope } from '../access/in-scope.js';
import { visibleSchools, visibleStaff } from '../access/scope.js';
import * as repo from './school.repository.js';

export type SchoolService = ReturnType<typeof createSchoolService>;

export function createSchoolService(deps: Pick<Deps, 'db' | 'storage'>) {
  const { db, storage } = deps;
  return {
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
      const narrowed = actor.role === 'department_head' && school ? repo.onSchool(school) : undefined;
      const rows = await repo.listStaff(db, and(visibleStaff(actor), narrowed)!);
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
        })),
      };
    },
  };
}

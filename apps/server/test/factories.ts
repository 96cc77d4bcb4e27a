/** Builds a small world per test: a district with schools, classes, staff and students. */
import type { Role } from '@readalong/contracts';
import type { Database } from '../src/db/database.js';
import {
  classTeachers,
  classes,
  districts,
  enrolments,
  schools,
  students,
  users,
} from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/passwords.js';
import { TEST_PASSWORD } from './app.js';

let passwordHash: Promise<string> | undefined;
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}.${process.pid}`;

export function createFactories(db: Database) {
  async function user(
    role: Role,
    place: { districtId: number; schoolId: number | null },
    extra: Partial<typeof users.$inferInsert> = {},
  ) {
    const username = extra.username ?? unique(role.replace('_', '-') + '.');
    const [row] = await db
      .insert(users)
      .values({
        username,
        passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
        role,
        firstName: extra.firstName ?? 'Test',
        lastName: extra.lastName ?? role,
        email: role === 'student' ? null : `${username}@school.example`,
        ...place,
        ...extra,
      })
      .returning();
    return row!;
  }

  return {
    /** A district with one school, a class taught by a teacher, an owner, a head and one student. */
    async school() {
      const [district] = await db
        .insert(districts)
        .values({ name: unique('District ') })
        .returning();
      const [school] = await db
        .insert(schools)
        .values({ districtId: district!.id, name: unique('School ') })
        .returning();
      const place = { districtId: district!.id, schoolId: school!.id };
      const [klass] = await db
        .insert(classes)
        .values({ ...place, name: unique('Class ') })
        .returning();
      const teacher = await user('teacher', place);
      await db.insert(classTeachers).values({ classId: klass!.id, teacherId: teacher.id });
      const owner = await user('owner', place);
      const head = await user('department_head', { districtId: district!.id, schoolId: null });
      const student = await this.student(place, klass!.id);
      return { district: district!, school: school!, class: klass!, teacher, owner, head, student };
    },

    /** A student placed in a band, enrolled in `classId`. */
    async student(
      place: { districtId: number; schoolId: number },
      classId: number,
      extra: Partial<typeof users.$inferInsert> = {},
    ) {
      const row = await user('student', place, extra);
      await db.insert(students).values({
        userId: row.id,
        ...place,
        schoolId: place.schoolId,
        homeClassId: classId,
        seriesId: 6,
        colourBandId: 4,
        coins: 30,
      });
      await db.insert(enrolments).values({ classId, studentId: row.id, schoolId: place.schoolId });
      return row;
    },

    user,
  };
}
export type Factories = ReturnType<typeof createFactories>;

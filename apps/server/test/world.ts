/**
 * A world wide enough to test scope (docs/rules.md A3): two districts, each with two schools, each with two
 * classes; every class has its teacher and a student with a worksheet (its quiz submitted, a written answer waiting
 * for a mark), a recording, an alert, an assignment and a notification. The callers sit in the first class of the first school of the first district; the other corners
 * are what they must (or must not) reach.
 */
import { BuilderType, QuestionType, type Role } from '@readalong/contracts';
import {
  alerts,
  gradings,
  assignmentStudents,
  classTeachers,
  classes,
  districts,
  notifications,
  recordings,
  schools,
} from '../src/db/schema/index.js';
import { signIn, type TestApp } from './app.js';

/** Where a record sits, seen from the callers: their own class, then ever further away. */
export const PLACES = ['own', 'sameSchool', 'sameDistrict', 'otherDistrict'] as const;
export type Place = (typeof PLACES)[number];

/** How far each role reaches (A3): a student and a teacher their own class, an owner the school, a head the district. */
export const REACH: Record<Role, readonly Place[]> = {
  student: ['own'],
  teacher: ['own'],
  owner: ['own', 'sameSchool'],
  department_head: ['own', 'sameSchool', 'sameDistrict'],
};

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}.${process.pid}`;

export async function buildWorld(t: TestApp) {
  const { db, factories } = t;
  const passage = await factories.passage();
  const rateBuilder = await factories.passage({ builderTypeId: BuilderType.RateBuilder, questions: [] });

  async function corner(place: { districtId: number; schoolId: number }) {
    const [klass] = await db
      .insert(classes)
      .values({ ...place, name: unique('Class') })
      .returning();
    const teacher = await factories.user('teacher', place);
    await db.insert(classTeachers).values({ classId: klass!.id, teacherId: teacher.id });
    const student = await factories.student(place, klass!.id);
    // Its quiz is submitted with the written answer waiting for a teacher's mark (R24).
    const worksheet = await factories.worksheet(student, passage.id, {
      classId: klass!.id,
      quizSubmittedAt: new Date('2026-10-01T09:00:00Z'),
    });
    const written = passage.questions.find((question) => question.typeId === QuestionType.OpenEnded)!;
    const [answer] = await db
      .insert(gradings)
      .values({
        worksheetId: worksheet.id,
        schoolId: place.schoolId,
        questionId: written.id,
        questionNum: written.questionNum,
        marks: null,
        maxMarks: 1,
        selectedOption: 'Because they were brave.',
        isAwaitingMark: true,
      })
      .returning();
    const [recording] = await db
      .insert(recordings)
      .values({
        worksheetId: worksheet.id,
        studentId: student.id,
        ...place,
        mimeType: 'audio/wav',
        sizeBytes: 1000,
        durationMs: 20_000,
      })
      .returning();
    const [alert] = await db
      .insert(alerts)
      .values({
        studentId: student.id,
        ...place,
        typeId: 1,
        isStudentFacing: true,
        worksheetId: worksheet.id,
      })
      .returning();
    const assignment = await factories.assignment(klass!, teacher.id, passage.id);
    const [notification] = await db
      .insert(notifications)
      .values({ userId: student.id, kind: 'assignment', title: 'Read this' })
      .returning();
    return {
      class: klass!,
      teacher,
      student,
      worksheet,
      answer: answer!,
      recording: recording!,
      alert: alert!,
      assignment,
      notification: notification!,
    };
  }

  async function school(districtId: number) {
    const [row] = await db
      .insert(schools)
      .values({ districtId, name: unique('School') })
      .returning();
    const place = { districtId, schoolId: row!.id };
    const owner = await factories.user('owner', place);
    return { school: row!, owner, classes: [await corner(place), await corner(place)] as const };
  }

  async function district() {
    const [row] = await db
      .insert(districts)
      .values({ name: unique('District') })
      .returning();
    const head = await factories.user('department_head', { districtId: row!.id, schoolId: null });
    return { district: row!, head, schools: [await school(row!.id), await school(row!.id)] as const };
  }

  const home = await district();
  const away = await district();
  const ownSchool = home.schools[0];
  /** The corner of each place: the records a caller of the first class reaches, or must not. */
  const corners: Record<Place, Awaited<ReturnType<typeof corner>>> = {
    own: ownSchool.classes[0],
    sameSchool: ownSchool.classes[1],
    sameDistrict: home.schools[1].classes[0],
    otherDistrict: away.schools[0].classes[0],
  };
  const schoolsByPlace: Record<Place, { id: number }> = {
    own: ownSchool.school,
    sameSchool: ownSchool.school,
    sameDistrict: home.schools[1].school,
    otherDistrict: away.schools[0].school,
  };
  const callers: Record<Role, { id: number; username: string }> = {
    student: corners.own.student,
    teacher: corners.own.teacher,
    owner: ownSchool.owner,
    department_head: home.head,
  };
  const tokens = {} as Record<Role, string>;
  /** Signs a caller in again (after a logout, say) and answers the new token. */
  async function renew(role: Role) {
    tokens[role] = (await signIn(t, callers[role].username)).access_token;
    return tokens[role];
  }
  for (const role of Object.keys(callers) as Role[]) await renew(role);
  /** Each caller's own notification (the corners' belong to their students). */
  const ownNotifications = {} as Record<Role, number>;
  for (const [role, caller] of Object.entries(callers) as [Role, { id: number }][]) {
    const [row] = await db
      .insert(notifications)
      .values({ userId: caller.id, kind: 'assignment', title: 'Yours' })
      .returning();
    ownNotifications[role] = row!.id;
  }

  return {
    passage,
    rateBuilder,
    home,
    away,
    corners,
    schoolsByPlace,
    callers,
    tokens,
    renew,
    corner,
    ownNotifications,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * The edge rows of the caller's class (home-a1) that only scope.test.ts adds (the other tests keep one student a
 * class): a classmate, an alert only staff see (P1), assignments for the caller student and for the classmate by
 * name, and a deleted assignment. They tell a student's own scope from their class's: a student sees the
 * student-facing alerts and the assignments set for them, not everything of the class (A3).
 */
export async function buildScopeEdges(t: TestApp, world: World) {
  const { db, factories } = t;
  const own = world.corners.own;
  const place = { districtId: own.class.districtId, schoolId: own.class.schoolId };
  const classmate = await factories.student(place, own.class.id);
  const [staffFacingAlert] = await db
    .insert(alerts)
    .values({ studentId: own.student.id, ...place, typeId: 1, isStudentFacing: false })
    .returning();
  const byName = async (student: { id: number }) => {
    const assignment = await factories.assignment(own.class, own.teacher.id, world.passage.id);
    await db.insert(assignmentStudents).values({ assignmentId: assignment.id, studentId: student.id });
    return assignment;
  };
  const forCaller = await byName(own.student);
  const forClassmate = await byName(classmate);
  const deleted = await factories.assignment(own.class, own.teacher.id, world.passage.id, {
    deletedAt: new Date('2026-09-01T00:00:00Z'),
  });
  return { classmate, staffFacingAlert: staffFacingAlert!, forCaller, forClassmate, deleted };
}

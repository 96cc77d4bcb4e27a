/**
 * Classes as staff see them (docs/rules.md A5): a teacher the classes they teach, owners and heads more; made and
 * changed by staff, with their teachers and capacity (M1, M2), and their students enrolled, removed or moved (M3).
 */
import { SUBJECT_ID, type Class, type contracts } from '@readalong/contracts';
import type { z } from 'zod';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { hasRows, type Executor } from '../../db/database.js';
import { academicLevels, classes } from '../../db/schema/index.js';
import { invalidField, invalidFields, notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { requireVisibleClass, schoolInScope } from '../access/in-scope.js';
import { classesOfPickedSchool, visibleClasses, visibleStudents } from '../access/scope.js';
import { studentSummaries } from '../students/student-summary.js';
import { classesOf, enrolledIn } from './class-conditions.js';
import { exportClass } from './class-export.js';
import { classSkillBuilders } from './class-skill-builders.js';
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
type NewClass = z.output<typeof contracts.createClass.body>;
type ClassFields = z.output<typeof contracts.updateClass.body>;
type Enrolment = z.output<typeof contracts.enrolClassStudents.body>;

/** Problems found in a request, by field, answered together as one 400 (M4). */
type Problems = Record<string, string>;

const ids = (list: number[]) => list.join(', ');

/** The refusal when a class cannot take more students (M2): it says how many places are left. */
export function placesLeftMessage(
  klass: { name: string; numStudents: number },
  enrolled: number,
  asked: number,
) {
  const left = Math.max(0, klass.numStudents - enrolled);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${klass.name} has ${plural(left, 'place')} left of ${klass.numStudents}: ${plural(asked, 'student')} asked`;
}

/**
 * Enrols students of the class's school in it within its capacity (M2, M3), in the caller's transaction; students
 * already enrolled are left as they are. The class is locked, so two enrolments at once cannot both take its last
 * place. What other modules call (a new student joins their home class) rather than this module's repository.
 */
export async function enrolWithinCapacity(
  tx: Executor,
  classId: number,
  studentIds: number[],
  field: string,
) {
  const klass = (await repo.lockClass(tx, classId))!;
  const already = new Set(await repo.enrolledOf(tx, classId, studentIds));
  const joining = [...new Set(studentIds)].filter((id) => !already.has(id));
  const enrolled = await repo.enrolledCount(tx, classId);
  if (enrolled + joining.length > klass.numStudents) {
    throw invalidField(field, placesLeftMessage(klass, enrolled, joining.length));
  }
  await repo.enrol(tx, classId, klass.schoolId, joining);
  return joining.length;
}

export type ClassesService = ReturnType<typeof createClassesService>;

export function createClassesService(deps: Pick<Deps, 'db' | 'storage'>) {
  const { db } = deps;

  async function viewsOf(tx: Executor, where: SQL) {
    return (await repo.listClasses(tx, where)).map(classView);
  }

  async function visibleClass(tx: Executor, actor: Actor, classId: number) {
    const [view] = await viewsOf(tx, and(eq(classes.id, classId), visibleClasses(tx, actor))!);
    if (!view) throw notFound('class');
    return view;
  }

  /** The class's school: a department head names one of the district (M1); everyone else makes classes in theirs. */
  async function schoolOfNewClass(tx: Executor, actor: Actor, row: NewClass, at: string, problems: Problems) {
    const schoolId = await schoolInScope(tx, actor, row.school_id);
    if (schoolId === undefined) problems[`${at}.school_id`] = 'choose the school of the class';
    return schoolId;
  }

  /**
   * The teachers to set (M1): enabled teachers or owners of the class's school; a teacher making or changing a
   * class stays one of its teachers, so it never leaves their reach. Undefined: leave them as they are.
   */
  async function teachersOf(
    tx: Executor,
    actor: Actor,
    schoolId: number,
    fields: Pick<ClassFields, 'teacher_ids'>,
    at: string,
    problems: Problems,
  ) {
    if (fields.teacher_ids === undefined && actor.role !== 'teacher') return undefined;
    const wanted = [
      ...new Set([...(fields.teacher_ids ?? []), ...(actor.role === 'teacher' ? [actor.userId] : [])]),
    ];
    const found = new Set(await repo.staffOfSchool(tx, schoolId, wanted));
    const strangers = wanted.filter((id) => !found.has(id));
    if (strangers.length) problems[`${at}.teacher_ids`] = `not staff of this school: ${ids(strangers)}`;
    return wanted;
  }

  async function checkGrade(tx: Executor, fields: ClassFields, at: string, problems: Problems) {
    const gradeId = fields.academic_level_id;
    if (gradeId != null && !(await hasRows(tx, academicLevels, eq(academicLevels.id, gradeId)))) {
      problems[`${at}.academic_level_id`] = 'no such grade';
    }
  }

  /** Makes classes, all or none (M4): every bad row is named in one 400 and nothing is written. */
  async function create(actor: Actor, rows: NewClass[], fieldOf: (index: number) => string) {
    return db.transaction(async (tx) => {
      const problems: Problems = {};
      const planned = [];
      for (const [index, row] of rows.entries()) {
        const at = fieldOf(index);
        const schoolId = await schoolOfNewClass(tx, actor, row, at, problems);
        await checkGrade(tx, row, at, problems);
        const teacherIds = schoolId ? await teachersOf(tx, actor, schoolId, row, at, problems) : [];
        planned.push({ row, schoolId: schoolId!, teacherIds: teacherIds ?? [] });
      }
      if (Object.keys(problems).length) throw invalidFields(problems);
      const made = [];
      for (const { row, schoolId, teacherIds } of planned) {
        const [inserted] = await repo.insertClasses(tx, [
          {
            schoolId,
            districtId: actor.districtId,
            name: row.name,
            numStudents: row.num_students,
            academicLevelId: row.academic_level_id ?? null,
          },
        ]);
        await repo.setTeachers(tx, inserted!.id, teacherIds);
        made.push(inserted!.id);
      }
      const views = new Map((await viewsOf(tx, inArray(classes.id, made))).map((view) => [view.id, view]));
      return made.map((id) => views.get(id)!);
    });
  }

  return {
    async list(actor: Actor, schoolId: number | undefined) {
      const school = await schoolInScope(db, actor, schoolId);
      const narrowed = classesOfPickedSchool(actor, school);
      return { classes: await viewsOf(db, and(visibleClasses(db, actor), narrowed)!) };
    },

    get: (actor: Actor, classId: number) => visibleClass(db, actor, classId),

    /** The classes a student is enrolled in that the caller may see (a student their own). */
    async ofStudent(actor: Actor, studentId: number) {
      const where = and(classesOf(db, studentId), visibleClasses(db, actor))!;
      return { classes: await viewsOf(db, where) };
    },

    createOne: async (actor: Actor, row: NewClass) => (await create(actor, [row], () => 'body'))[0]!,

    createMany: async (actor: Actor, rows: NewClass[]) => ({
      classes: await create(actor, rows, (index) => `body.classes.${index}`),
    }),

    /** Replaces a class's fields (M1, M2): capacity never below its enrolment. */
    async update(actor: Actor, classId: number, fields: ClassFields) {
      return db.transaction(async (tx) => {
        await requireVisibleClass(tx, actor, classId);
        const klass = (await repo.lockClass(tx, classId))!;
        const problems: Problems = {};
        await checkGrade(tx, fields, 'body', problems);
        const teacherIds = await teachersOf(tx, actor, klass.schoolId, fields, 'body', problems);
        const enrolled = await repo.enrolledCount(tx, classId);
        if (fields.num_students < enrolled) {
          problems['body.num_students'] = `${enrolled} students are enrolled: the capacity cannot be lower`;
        }
        if (Object.keys(problems).length) throw invalidFields(problems);
        await repo.updateClass(tx, classId, {
          name: fields.name,
          numStudents: fields.num_students,
          ...(fields.academic_level_id !== undefined ? { academicLevelId: fields.academic_level_id } : {}),
        });
        if (teacherIds) await repo.setTeachers(tx, classId, teacherIds);
        return visibleClass(tx, actor, classId);
      });
    },

    /** The class's skill builders by learning outcome (R27). */
    async skillBuilders(actor: Actor, classId: number) {
      await requireVisibleClass(db, actor, classId);
      return classSkillBuilders(db, classId);
    },

    /** The class's students as a CSV file (M9). */
    export: (actor: Actor, classId: number) => exportClass(db, actor, classId),

    async students(actor: Actor, classId: number) {
      await requireVisibleClass(db, actor, classId);
      return { students: await studentSummaries(deps, enrolledIn(db, classId)) };
    },

    /** Takes students out of a class (M3): their accounts and work stay. */
    async remove(actor: Actor, classId: number, studentIds: number[]) {
      return db.transaction(async (tx) => {
        await requireVisibleClass(tx, actor, classId);
        const enrolled = new Set(await repo.enrolledOf(tx, classId, studentIds));
        const strangers = studentIds.filter((id) => !enrolled.has(id));
        if (strangers.length) throw invalidField('body.student_ids', `not in this class: ${ids(strangers)}`);
        await repo.unenrol(tx, classId, [...enrolled]);
        return { class_id: classId, removed: enrolled.size };
      });
    },

    /** Enrols students of the class's school the caller may see (M3), within capacity (M2); a move leaves the old class. */
    async enrol(actor: Actor, classId: number, body: Enrolment) {
      return db.transaction(async (tx) => {
        const klass = await requireVisibleClass(tx, actor, classId);
        if (body.from_class_id !== undefined) await requireVisibleClass(tx, actor, body.from_class_id);
        const visible = await repo.reachableStudents(tx, body.student_ids, visibleStudents(tx, actor));
        if (body.student_ids.some((id) => !visible.has(id))) throw notFound('student');
        const strangers = body.student_ids.filter((id) => visible.get(id) !== klass.schoolId);
        if (strangers.length) {
          throw invalidField('body.student_ids', `not students of this class's school: ${ids(strangers)}`);
        }
        if (body.from_class_id !== undefined && body.from_class_id !== classId) {
          await repo.unenrol(tx, body.from_class_id, body.student_ids);
        }
        const enrolled = await enrolWithinCapacity(tx, classId, body.student_ids, 'body.student_ids');
        return { class_id: classId, enrolled };
      });
    },
  };
}

/** Queries on assignments, their students and who has seen them; scope arrives as SQL conditions. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  notExists,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { preparedQuery, type Executor } from '../../db/database.js';
import {
  assignmentStudents,
  assignmentViews,
  assignments,
  enrolments,
  passages,
  students,
  users,
  worksheets,
} from '../../db/schema/index.js';
import { assignedTo } from '../access/scope.js';
import { progressColumns } from '../reading/reading.service.js';

/** The student's worksheet for an assignment: the one made for it, else one of its passage started since. */
const worksheetFor = (studentId: number | Placeholder | AnyColumn) => sql<
  number | null
>`(select ${worksheets.id} from ${worksheets}
  where ${worksheets.studentId} = ${studentId} and (${worksheets.assignmentId} = ${assignments.id}
    or (${worksheets.passageId} = ${assignments.passageId} and ${worksheets.createdAt} >= ${assignments.createdAt}))
  order by (${worksheets.assignmentId} = ${assignments.id}) desc nulls last, ${worksheets.id} desc limit 1)`;

function assignmentRows(db: Executor, where: SQL, studentId: number | Placeholder | null) {
  const worksheetId = studentId === null ? sql<number | null>`null` : worksheetFor(studentId);
  return db
    .select({
      assignment: assignments,
      passageTitle: passages.title,
      builderTypeId: passages.builderTypeId,
      seriesId: passages.seriesId,
      colourBandId: passages.colourBandId,
      worksheetId,
      completed: sql<boolean | null>`(select ${worksheets.worksheetCompleted} from ${worksheets}
        where ${worksheets.id} = ${worksheetId})`,
    })
    .from(assignments)
    .innerJoin(passages, eq(passages.id, assignments.passageId))
    .where(where)
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
}

/** Each assignment row with its named students (null: the whole class). */
async function withTargets<Row extends { assignment: { id: number } }>(db: Executor, rows: Row[]) {
  const targets = await studentsOf(
    db,
    rows.map((row) => row.assignment.id),
  );
  return rows.map((row) => ({ ...row, studentIds: targets.get(row.assignment.id) ?? null }));
}

export const listAssignments = async (db: Executor, where: SQL, studentId: number | null) =>
  withTargets(db, await assignmentRows(db, where, studentId));

/** A student's assignments (assignedTo), as their home page asks on every visit: prepared, built once. */
const studentAssignmentRows = preparedQuery((db) => {
  const studentId = sql.placeholder('studentId');
  return assignmentRows(db, assignedTo(db, studentId), studentId).prepare('student_assignments');
});

export const listStudentAssignments = async (db: Executor, studentId: number) =>
  withTargets(db, await studentAssignmentRows(db).execute({ studentId }));

export type AssignmentRow = Awaited<ReturnType<typeof listAssignments>>[number];
export type ProgressRow = Awaited<ReturnType<typeof progressRows>>[number];

/**
 * Every student each assignment reaches now (assignedTo: enrolled in its class, and named when it names any) among
 * `studentScope`, with their figures on the worksheet that counts for it (worksheetFor), by name (P17).
 */
export function progressRows(db: Executor, classId: number, assignmentIds: number[], studentScope: SQL) {
  const enrolled = db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(eq(enrolments.classId, classId));
  return db
    .select({ assignmentId: assignments.id, ...progressColumns(assignments.passageId) })
    .from(assignments)
    .innerJoin(
      students,
      and(inArray(students.userId, enrolled), assignedTo(db, students.userId), studentScope),
    )
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(worksheets, eq(worksheets.id, worksheetFor(students.userId)))
    .where(inArray(assignments.id, assignmentIds))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** The named students of each assignment; an assignment for the whole class has none. */
async function studentsOf(db: Executor, assignmentIds: number[]) {
  const byAssignment = new Map<number, number[]>();
  if (assignmentIds.length === 0) return byAssignment;
  const rows = await db
    .select()
    .from(assignmentStudents)
    .where(inArray(assignmentStudents.assignmentId, assignmentIds))
    .orderBy(assignmentStudents.studentId);
  for (const row of rows) {
    byAssignment.set(row.assignmentId, [...(byAssignment.get(row.assignmentId) ?? []), row.studentId]);
  }
  return byAssignment;
}

/** Those of `studentIds` enrolled in the class. */
export async function enrolledOf(db: Executor, classId: number, studentIds: number[]) {
  const rows = await db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(and(eq(enrolments.classId, classId), inArray(enrolments.studentId, studentIds)));
  return new Set(rows.map((row) => row.id));
}

/** The students the assignment reaches: the named ones, else everyone enrolled in its class. */
export async function studentsReached(db: Executor, assignmentId: number, classId: number) {
  const named = await db
    .select({ id: assignmentStudents.studentId })
    .from(assignmentStudents)
    .where(eq(assignmentStudents.assignmentId, assignmentId));
  if (named.length) return named.map((row) => row.id);
  const enrolled = await db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(eq(enrolments.classId, classId));
  return enrolled.map((row) => row.id);
}

export async function insertAssignment(db: Executor, row: typeof assignments.$inferInsert) {
  const [inserted] = await db.insert(assignments).values(row).returning({ id: assignments.id });
  return inserted!.id;
}

export const updateAssignment = (
  db: Executor,
  id: number,
  changes: Partial<typeof assignments.$inferInsert>,
) => db.update(assignments).set(changes).where(eq(assignments.id, id));

/** Replaces the named students; null makes it the whole class's again. */
export async function setStudents(db: Executor, assignmentId: number, studentIds: number[] | null) {
  await db.delete(assignmentStudents).where(eq(assignmentStudents.assignmentId, assignmentId));
  if (studentIds?.length) {
    const unique = [...new Set(studentIds)];
    await db.insert(assignmentStudents).values(unique.map((studentId) => ({ assignmentId, studentId })));
  }
}

/** How many of a student's assignments they have not seen: asked on every student home page, so prepared. */
const unseenQuery = preparedQuery((db) => {
  const studentId = sql.placeholder('studentId');
  return db
    .select({ n: count() })
    .from(assignments)
    .where(
      and(
        assignedTo(db, studentId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(assignmentViews)
            .where(
              and(eq(assignmentViews.assignmentId, assignments.id), eq(assignmentViews.studentId, studentId)),
            ),
        ),
      ),
    )
    .prepare('count_unseen_assignments');
});

export async function countUnseen(db: Executor, studentId: number) {
  const [row] = await unseenQuery(db).execute({ studentId });
  return row?.n ?? 0;
}

/** Records that the student has seen every assignment set for them now. */
export async function markAllSeen(db: Executor, studentId: number, seenAt: Date) {
  const ids = await db.select({ id: assignments.id }).from(assignments).where(assignedTo(db, studentId));
  if (ids.length === 0) return;
  await db
    .insert(assignmentViews)
    .values(ids.map(({ id }) => ({ assignmentId: id, studentId, seenAt })))
    .onConflictDoNothing();
}

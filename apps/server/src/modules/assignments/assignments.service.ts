/**
 * Teachers' reading assignments (P4–P6): staff set a passage for a class or some
 * of its students within their scope; a student sees what is set for them, with their worksheet and whether it
 * is done, and whether any is new to them.
 */
import { and, eq } from 'drizzle-orm';
import { BuilderType, type Body, type Response, type contracts } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { assignments } from '../../db/schema/index.js';
import { invalidField, notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { visibleAssignments, visibleStudents } from '../access/scope.js';
import { sendNotifications } from '../notifications/notifications.service.js';
import { findPassage, progressView, tally } from '../reading/reading.service.js';
import { requireVisibleClass } from '../access/in-scope.js';
import * as repo from './assignments.repository.js';

type AssignmentView = Response<typeof contracts.createAssignment>;
type AssignmentActivity = Response<typeof contracts.getAssignmentsActivity>['assignments'][number];
type Settings = Body<typeof contracts.updateAssignment>;

const dueAtOf = (date: string | null | undefined) =>
  date === undefined ? undefined : date === null ? null : new Date(`${date}T00:00:00Z`);
const noteOf = (note: string | null | undefined) => (note === undefined ? undefined : (note ?? ''));

function assignmentView(row: repo.AssignmentRow, forStudent: boolean): AssignmentView {
  const { assignment } = row;
  return {
    id: assignment.id,
    passage_id: assignment.passageId,
    passage_title: row.passageTitle,
    builder_type_id: row.builderTypeId,
    class_id: assignment.classId,
    student_ids: row.studentIds,
    read_aloud: assignment.requiresRecording,
    due_at: assignment.dueAt?.toISOString().slice(0, 10) ?? null,
    note: assignment.instructions || null,
    created_by: assignment.teacherId,
    created_at: assignment.createdAt.toISOString(),
    worksheet_id: forStudent ? row.worksheetId : null,
    completed: forStudent ? (row.completed ?? false) : null,
  };
}

/** An assignment as its teacher follows it (P17): its settings, each student's progress and their tally. */
function activityView(row: repo.AssignmentRow, progress: repo.ProgressRow[]): AssignmentActivity {
  const view = assignmentView(row, false);
  const students = progress.map(progressView);
  return {
    assignment_id: view.id,
    passage_id: view.passage_id,
    title: view.passage_title,
    builder_type_id: view.builder_type_id,
    series_id: row.seriesId,
    colour_band_id: row.colourBandId,
    student_ids: view.student_ids,
    read_aloud: view.read_aloud,
    due_at: view.due_at,
    note: view.note,
    created_at: view.created_at,
    students_assigned: students.length,
    ...tally(students),
    students,
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;

export function createAssignmentsService({ db, clock }: Deps) {
  /** Named students must all be enrolled in the class (400 naming body.student_ids otherwise). */
  async function checkStudents(tx: Executor, classId: number, studentIds: number[] | null | undefined) {
    if (!studentIds) return;
    const enrolled = await repo.enrolledOf(tx, classId, studentIds);
    const outside = studentIds.filter((id) => !enrolled.has(id));
    if (outside.length) throw invalidField('body.student_ids', `not in this class: ${outside.join(', ')}`);
  }

  /** A live assignment of a class the staff member may see, else 404. */
  async function assignmentInScope(tx: Executor, actor: Actor, id: number) {
    const [row] = await repo.listAssignments(
      tx,
      and(eq(assignments.id, id), visibleAssignments(tx, actor))!,
      null,
    );
    if (!row) throw notFound('assignment');
    return row;
  }

  async function view(tx: Executor, actor: Actor, id: number) {
    return assignmentView(await assignmentInScope(tx, actor, id), false);
  }

  /** Tells each student it reaches (P6: a notification for a new assignment). */
  async function notifyStudents(tx: Executor, assignmentId: number, classId: number, title: string) {
    const studentIds = await repo.studentsReached(tx, assignmentId, classId);
    await sendNotifications(
      tx,
      studentIds.map((userId) => ({
        userId,
        kind: 'assignment' as const,
        title: 'New assignment',
        body: `Your teacher has set “${title}” for you to read.`,
        link: '/my-work',
        createdAt: clock.now(),
      })),
    );
  }

  return {
    async list(actor: Actor, classId: number | undefined) {
      if (classId !== undefined) await requireVisibleClass(db, actor, classId);
      const inClass = classId !== undefined ? eq(assignments.classId, classId) : undefined;
      const isStudent = actor.role === 'student';
      const rows =
        isStudent && classId === undefined
          ? await repo.listStudentAssignments(db, actor.userId)
          : await repo.listAssignments(
              db,
              and(visibleAssignments(db, actor), inClass)!,
              isStudent ? actor.userId : null,
            );
      return { assignments: rows.map((row) => assignmentView(row, isStudent)) };
    },

    /** Each live assignment of a class in scope (else 404), with every student it reaches now (P17). */
    async activity(actor: Actor, classId: number) {
      await requireVisibleClass(db, actor, classId);
      const where = and(visibleAssignments(db, actor), eq(assignments.classId, classId))!;
      const rows = await repo.listAssignments(db, where, null);
      const ids = rows.map((row) => row.assignment.id);
      const progress = ids.length
        ? await repo.progressRows(db, classId, ids, visibleStudents(db, actor))
        : [];
      return {
        assignments: rows.map((row) =>
          activityView(
            row,
            progress.filter((p) => p.assignmentId === row.assignment.id),
          ),
        ),
      };
    },

    async create(actor: Actor, body: Body<typeof contracts.createAssignment>) {
      return db.transaction(async (tx) => {
        const klass = await requireVisibleClass(tx, actor, body.class_id);
        const passage = await findPassage(tx, body.passage_id);
        if (!passage) throw notFound('passage');
        if (passage.builderTypeId === BuilderType.PlacementTest) {
          throw invalidField('body.passage_id', 'a placement test cannot be assigned');
        }
        await checkStudents(tx, klass.id, body.student_ids);
        const id = await repo.insertAssignment(tx, {
          schoolId: klass.schoolId,
          classId: klass.id,
          teacherId: actor.userId,
          passageId: passage.id,
          title: passage.title,
          instructions: noteOf(body.note) ?? '',
          // A skill builder is never read aloud (R7): asking for a recording of one would promise what cannot be.
          requiresRecording: body.read_aloud ?? passage.builderTypeId !== BuilderType.SkillBuilder,
          dueAt: dueAtOf(body.due_at) ?? null,
          createdAt: clock.now(),
        });
        await repo.setStudents(tx, id, body.student_ids ?? null);
        await notifyStudents(tx, id, klass.id, passage.title);
        return view(tx, actor, id);
      });
    },

    async update(actor: Actor, id: number, body: Settings) {
      return db.transaction(async (tx) => {
        const { assignment } = await assignmentInScope(tx, actor, id);
        await checkStudents(tx, assignment.classId, body.student_ids);
        const changes = {
          requiresRecording: body.read_aloud,
          dueAt: dueAtOf(body.due_at),
          instructions: noteOf(body.note),
        };
        const defined = Object.fromEntries(
          Object.entries(changes).filter(([, value]) => value !== undefined),
        );
        if (Object.keys(defined).length) await repo.updateAssignment(tx, id, defined);
        if (body.student_ids !== undefined) await repo.setStudents(tx, id, body.student_ids);
        return view(tx, actor, id);
      });
    },

    /** Withdrawn, not erased: the students' worksheets on it are kept. */
    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        await assignmentInScope(tx, actor, id);
        await repo.updateAssignment(tx, id, { deletedAt: clock.now() });
      });
      return { success: true as const };
    },

    async haveNew(actor: Actor) {
      const unseen = await repo.countUnseen(db, actor.userId);
      return { have_new: unseen > 0, count: unseen };
    },

    async markSeen(actor: Actor) {
      await repo.markAllSeen(db, actor.userId, clock.now());
      return { success: true as const };
    },
  };
}

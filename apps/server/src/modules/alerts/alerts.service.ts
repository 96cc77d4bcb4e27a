/**
 * Alerts as their readers see them (P1–P3): a student their own student-facing alerts; staff
 * the alerts of the students in their scope, by class, student, type and date. Each side marks alerts seen apart.
 */
import { and } from 'drizzle-orm';
import type { contracts } from '@readalong/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import { optionalInterval } from '../reports/date-range.js';
import { requireVisibleClass, requireVisibleStudent, schoolInScope } from '../access/in-scope.js';
import { alertsOfPickedSchool, visibleAlerts } from '../access/scope.js';
import { alertMessage } from './alert-messages.js';
import * as repo from './alerts.repository.js';

type AlertQuery = z.output<(typeof contracts.getAlerts)['query']>;

export type AlertsService = ReturnType<typeof createAlertsService>;

export function createAlertsService({ db }: Deps) {
  /** A class or student named in the filter must be in scope (404 otherwise, as for any record). */
  async function checkFilterInScope(actor: Actor, query: AlertQuery) {
    if (query.class_id !== undefined) await requireVisibleClass(db, actor, query.class_id);
    if (query.student_id !== undefined) await requireVisibleStudent(db, actor, query.student_id);
  }

  return {
    async list(actor: Actor, query: AlertQuery) {
      await checkFilterInScope(actor, query);
      // A5, C28: a department head's picked school narrows the list to its students (another district's: 404).
      const school = alertsOfPickedSchool(db, actor, await schoolInScope(db, actor, query.school_id));
      const interval = optionalInterval(query);
      const filter = {
        typeIds: query.types,
        classId: query.class_id,
        studentId: query.student_id,
        interval,
      };
      // One row more than asked tells whether there is another page.
      const page = { offset: query.page * query.limit, rows: query.limit + 1 };
      const isStudentHome =
        actor.role === 'student' &&
        query.types !== undefined &&
        query.types.length > 0 &&
        [query.class_id, query.student_id, interval.from, interval.until].every(
          (value) => value === undefined,
        );
      const rows = isStudentHome
        ? await repo.studentAlertPage(db, { studentId: actor.userId, typeIds: query.types!, ...page })
        : await repo.alertPage(
            db,
            and(visibleAlerts(db, actor), school, repo.filterConditions(db, filter))!,
            repo.seenColumn(actor),
            page.offset,
            page.rows,
          );
      const isStudent = actor.role === 'student';
      return {
        alerts: rows.slice(0, query.limit).map((row) => ({
          id: row.id,
          type_id: row.typeId,
          student_id: row.studentId,
          student_name: `${row.firstName} ${row.lastName}`,
          class_id: row.classId,
          worksheet_id: row.worksheetId,
          message: alertMessage(row.typeId, row.details, isStudent ? 'You' : row.firstName),
          created_at: row.createdAt.toISOString(),
          seen: row.seen,
        })),
        page: query.page,
        has_more: rows.length > query.limit,
      };
    },

    /**
     * The listed alerts (404 if any is out of scope), or every alert the caller can see: a department head's of the
     * school they picked (A5, C28).
     */
    async markViewed(actor: Actor, alertIds: number[] | undefined, schoolId?: number) {
      return db.transaction(async (tx) => {
        const scope = visibleAlerts(tx, actor);
        if (alertIds === undefined) {
          const school = alertsOfPickedSchool(tx, actor, await schoolInScope(tx, actor, schoolId));
          return { updated: await repo.markSeen(tx, and(scope, school)!, actor) };
        }
        const ids = [...new Set(alertIds)];
        const where = and(scope, repo.withIds(ids))!;
        if ((await repo.countAlerts(tx, where)) < ids.length) throw notFound('alert');
        return { updated: await repo.markSeen(tx, where, actor) };
      });
    },
  };
}

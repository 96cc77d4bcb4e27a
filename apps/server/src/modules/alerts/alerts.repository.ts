/** Queries on alerts, always under the caller's scope (access/scope.ts: visibleAlerts) as SQL. */
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { AlertType } from '@readalong/contracts';
import { preparedQuery, type Executor } from '../../db/database.js';
import { studentFacingAlertsOf } from '../access/scope.js';
import { alerts, enrolments, students, users, worksheets } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import type { Interval } from '../reports/date-range.js';
import { lastActiveOf } from '../reports/report-conditions.js';

/** The seen flag of the caller's side: students and staff mark alerts seen apart. */
export const seenColumn = (actor: Actor) => (actor.role === 'student' ? alerts.seenByStudent : alerts.seen);

export interface AlertFilter {
  typeIds?: number[] | undefined;
  classId?: number | undefined;
  studentId?: number | undefined;
  interval: Partial<Interval>;
}

export function filterConditions(db: Executor, filter: AlertFilter): SQL | undefined {
  const { typeIds, classId, studentId, interval } = filter;
  return and(
    typeIds?.length ? inArray(alerts.typeId, typeIds) : undefined,
    studentId !== undefined ? eq(alerts.studentId, studentId) : undefined,
    classId !== undefined
      ? inArray(
          alerts.studentId,
          db.select({ id: enrolments.studentId }).from(enrolments).where(eq(enrolments.classId, classId)),
        )
      : undefined,
    interval.from ? gte(alerts.createdAt, interval.from) : undefined,
    interval.until ? lt(alerts.createdAt, interval.until) : undefined,
  );
}

/** Rows of alerts from `offset`, newest first, `rows` at most. */
export function alertPage(
  db: Executor,
  where: SQL,
  seen: AnyColumn,
  offset: number | Placeholder,
  rows: number | Placeholder,
) {
  return db
    .select({
      id: alerts.id,
      typeId: alerts.typeId,
      studentId: alerts.studentId,
      firstName: users.firstName,
      lastName: users.lastName,
      classId: sql<number | null>`coalesce(${worksheets.classId}, ${students.homeClassId})`,
      worksheetId: alerts.worksheetId,
      details: alerts.details,
      createdAt: alerts.createdAt,
      seen: sql<boolean>`${seen}`,
    })
    .from(alerts)
    .innerJoin(students, eq(students.userId, alerts.studentId))
    .innerJoin(users, eq(users.id, alerts.studentId))
    .leftJoin(worksheets, eq(worksheets.id, alerts.worksheetId))
    .where(where)
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .offset(offset)
    .limit(rows);
}

/** A student's own alerts of some types from `offset`: what the student home page asks on every visit, prepared once. */
const studentAlertRows = preparedQuery((db) =>
  alertPage(
    db,
    and(
      studentFacingAlertsOf(sql.placeholder('studentId')),
      sql`${alerts.typeId} = any(${sql.placeholder('typeIds')})`,
    )!,
    alerts.seenByStudent,
    sql.placeholder('offset'),
    sql.placeholder('rows'),
  ).prepare('student_alert_page'),
);

export const studentAlertPage = (
  db: Executor,
  page: { studentId: number; typeIds: number[]; offset: number; rows: number },
) => studentAlertRows(db).execute(page);

export async function countAlerts(db: Executor, where: SQL) {
  const [row] = await db.select({ n: count() }).from(alerts).where(where);
  return row?.n ?? 0;
}

/** Marks seen (on the caller's side) the alerts matching `where` that were not yet; answers how many. */
export async function markSeen(db: Executor, where: SQL, actor: Actor) {
  const column = seenColumn(actor);
  const changes = actor.role === 'student' ? { seenByStudent: true } : { seen: true };
  const rows = await db
    .update(alerts)
    .set(changes)
    .where(and(where, eq(column, false)))
    .returning({ id: alerts.id });
  return rows.length;
}

export const withIds = (ids: number[]) => inArray(alerts.id, ids);

/**
 * Raises Inactivity, in one statement, for every enabled student idle since `cutoff` whose home class is in term
 * (P15): idle means not active (FG3: a sign-in or any reading activity) since the cutoff, nor an account made since;
 * in term means at least `termShare` of the home class's enabled students were active since the cutoff. Once per
 * spell: not for a student who has an Inactivity alert made after their last activity. Answers the students alerted.
 */
export async function raiseInactivity(
  db: Executor,
  { now, cutoff, termShare }: { now: Date; cutoff: Date; termShare: number },
) {
  const rows = await db.execute<{ student_id: number }>(sql`
    with activity as (
      select s.user_id, s.school_id, s.district_id, s.home_class_id,
             active.at as last_active_at,
             greatest(u.created_at, active.at) as idle_since
      from ${students} s
      join ${users} u on u.id = s.user_id and not u.is_disabled
      -- FG3: last active, as every screen shows it.
      left join lateral (select ${lastActiveOf(sql`s.user_id`)} as at) active on true
      where s.home_class_id is not null
    ),
    in_term as (
      select home_class_id from activity
      group by home_class_id
      having count(*) filter (where last_active_at > ${cutoff.toISOString()}::timestamptz)
             >= ${termShare}::real * count(*)
    )
    insert into ${alerts} (student_id, school_id, district_id, type_id, is_student_facing, details, created_at)
    select a.user_id, a.school_id, a.district_id, ${AlertType.Inactivity}, false,
           jsonb_build_object('last_active_at', a.last_active_at, 'idle_since', a.idle_since),
           ${now.toISOString()}::timestamptz
    from activity a
    join in_term using (home_class_id)
    where a.idle_since <= ${cutoff.toISOString()}::timestamptz
      and not exists (
        select 1 from ${alerts} raised
        where raised.student_id = a.user_id and raised.type_id = ${AlertType.Inactivity}
          and raised.created_at > a.idle_since
      )
    returning student_id`);
  return rows.rows.map((row) => row.student_id);
}

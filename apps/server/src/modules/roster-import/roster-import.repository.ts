/**
 * Queries of roster imports (RI1–RI8). The file's rows are staged in roster_import_rows and everything after reading
 * is set-based SQL over them: matching, the checks, the changes a commit makes, and the commit itself. The school's
 * account code (school/accounts.ts) takes the new accounts as an array in memory; an import of a district's ten
 * thousand students would hold them all, so this module inserts them with INSERT … SELECT from the staged rows (RI3).
 */
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CLASS_SIZE } from '@readalong/contracts';
import type { Executor } from '../../db/database.js';
import {
  academicLevels,
  auditLog,
  rosterImportRows,
  rosterImports,
  schools,
  type RosterChanges,
} from '../../db/schema/index.js';
import type { Problem } from './row-rules.js';
import type { RosterFormat } from './read-file.js';

export type ImportRow = typeof rosterImports.$inferSelect;

export async function insertImport(db: Executor, values: typeof rosterImports.$inferInsert) {
  const [row] = await db.insert(rosterImports).values(values).returning();
  return row!;
}

/** The import, if its school is one `schoolCondition` (on `schools`) lets the caller see. */
export async function findImport(db: Executor, id: number, schoolCondition: SQL) {
  const [row] = await db
    .select({ job: rosterImports })
    .from(rosterImports)
    .innerJoin(schools, eq(schools.id, rosterImports.schoolId))
    .where(and(eq(rosterImports.id, id), schoolCondition));
  return row?.job;
}

/** The latest imports of the schools `schoolCondition` (on `schools`) lets the caller see, or of one, newest first. */
export async function latestImports(
  db: Executor,
  schoolCondition: SQL,
  schoolId: number | undefined,
  limit: number,
) {
  const rows = await db
    .select({ job: rosterImports })
    .from(rosterImports)
    .innerJoin(schools, eq(schools.id, rosterImports.schoolId))
    .where(and(schoolCondition, schoolId === undefined ? undefined : eq(rosterImports.schoolId, schoolId)))
    .orderBy(desc(rosterImports.createdAt), desc(rosterImports.id))
    .limit(limit);
  return rows.map((row) => row.job);
}

export async function updateImport(db: Executor, id: number, values: Partial<ImportRow>) {
  await db
    .update(rosterImports)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(rosterImports.id, id));
}

/** Moves the status on only from `from`: two commits at once cannot both start (RI7). */
export async function claimImport(
  db: Executor,
  id: number,
  from: ImportRow['status'],
  to: ImportRow['status'],
) {
  const rows = await db
    .update(rosterImports)
    .set({ status: to, progressDone: 0, updatedAt: sql`now()` })
    .where(and(eq(rosterImports.id, id), eq(rosterImports.status, from)))
    .returning({ id: rosterImports.id });
  return rows.length === 1;
}

/** Jobs a stopped server left running, untouched for `minutes`, end as failed (RI8); answers how many. */
export async function failAbandoned(db: Executor, minutes: number, error: string) {
  const rows = await db
    .update(rosterImports)
    .set({ status: 'failed', error, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        inArray(rosterImports.status, ['validating', 'committing']),
        lt(rosterImports.updatedAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .returning({ id: rosterImports.id });
  if (rows.length)
    await db.delete(rosterImportRows).where(
      inArray(
        rosterImportRows.importId,
        rows.map((r) => r.id),
      ),
    );
  return rows.length;
}

export async function stageRows(db: Executor, rows: (typeof rosterImportRows.$inferInsert)[]) {
  if (rows.length) await db.insert(rosterImportRows).values(rows);
}

/**
 * Refreshes the planner's statistics of the staging table once a file is staged: without them it takes ten thousand
 * fresh rows for a handful and the checks' joins run as nested loops (minutes instead of a fraction of a second).
 */
export async function analyzeStaged(db: Executor) {
  await db.execute(sql`analyze roster_import_rows`);
}

export async function deleteStaged(db: Executor, importId: number) {
  await db.delete(rosterImportRows).where(eq(rosterImportRows.importId, importId));
}

export async function grades(db: Executor) {
  const rows = await db
    .select({ id: academicLevels.id, name: academicLevels.name })
    .from(academicLevels)
    .orderBy(asc(academicLevels.position));
  return {
    ids: new Map(rows.map((row) => [row.name.toLowerCase(), row.id])),
    names: rows.map((row) => row.name),
  };
}

/** The staged rows of one kind, as a CTE body. */
const staged = (importId: number, kind: string) =>
  sql`select * from roster_import_rows where import_id = ${importId} and kind = ${kind}`;

/** The CTEs every query below starts from: the import's people (u), classes (c, one per key), orgs and enrolments. */
const withStaged = (importId: number) => sql`
  with u as (${staged(importId, 'user')}),
  c_all as (${staged(importId, 'class')}),
  c as (select distinct on (key) * from c_all order by key, row),
  o as (${staged(importId, 'org')}),
  e as (${staged(importId, 'enrolment')}),
  ep as (
    select distinct on (e.user_key, e.class_key) e.user_key, e.class_key, e.role, e.removed, e.file, e.row,
      u.target_id as user_id, c.target_id as class_id,
      case when e.role = 'student'
        then exists (select 1 from enrolments x where x.class_id = c.target_id and x.student_id = u.target_id)
        else exists (select 1 from class_teachers x where x.class_id = c.target_id and x.teacher_id = u.target_id)
      end as is_there
    from e join u on u.key = e.user_key join c on c.key = e.class_key
    order by e.user_key, e.class_key, e.row desc
  )`;

/**
 * Matches the file's people and classes to the school's (RI4): OneRoster's by the sourcedIds an earlier import kept,
 * then people by username within the school; the template's people by username and classes by name (any case).
 */
export async function matchRows(db: Executor, importId: number, schoolId: number, format: RosterFormat) {
  await db.execute(sql`update roster_import_rows set target_id = null where import_id = ${importId}`);
  if (format === 'oneroster') {
    await db.execute(sql`
      update roster_import_rows r set target_id = s.user_id from roster_user_sources s
      where r.import_id = ${importId} and r.kind = 'user' and s.school_id = ${schoolId} and s.sourced_id = r.key`);
    await db.execute(sql`
      update roster_import_rows r set target_id = s.class_id from roster_class_sources s
      where r.import_id = ${importId} and r.kind = 'class' and s.school_id = ${schoolId} and s.sourced_id = r.key`);
  } else {
    await db.execute(sql`
      update roster_import_rows r set target_id = (
        select min(k.id) from classes k where k.school_id = ${schoolId} and lower(k.name) = r.key)
      where r.import_id = ${importId} and r.kind = 'class'`);
  }
  await db.execute(sql`
    update roster_import_rows r set target_id = a.id from users a
    where r.import_id = ${importId} and r.kind = 'user' and r.target_id is null
      and lower(a.username) = r.username and a.school_id = ${schoolId}
      and (${format} = 'template' or not exists (select 1 from roster_user_sources s where s.user_id = a.id))`);
}

/** Every problem only the whole file shows (RI2), in file and row order: the first `limit`, and how many in all. */
export async function fileProblems(
  db: Executor,
  importId: number,
  schoolId: number,
  format: RosterFormat,
  limit: number,
) {
  const oneRoster = format === 'oneroster';
  const userKeyColumn = oneRoster ? 'sourcedId' : 'username';
  const classColumn = oneRoster ? null : 'classes';
  const result = await db.execute<Problem & { total: number }>(sql`
    ${withStaged(importId)},
    found as (
      select file, row, ${userKeyColumn}::text as "column",
        'given twice in this file (first on row ' || first_row || ')' as message
      from (select file, row, min(row) over (partition by key) as first_row from u) d where row > first_row
      union all
      select file, row, 'username', 'this username is given twice in this file (first on row ' || first_row || ')'
      from (
        select file, row, key, min(row) over same_name as first_row, first_value(key) over same_name as first_key
        from u window same_name as (partition by username order by row)
      ) d where ${oneRoster} and key <> first_key
      union all
      select u.file, u.row, 'username', case when a.school_id = ${schoolId}
          then 'this username belongs to another account of this school' else 'this username is taken' end
      from u join users a on lower(a.username) = u.username and a.id is distinct from u.target_id
      union all
      select u.file, u.row, 'role',
        'this username is of an account of another role (' || replace(a.role::text, '_', ' ') || '): an import does not change roles'
      from u join users a on a.id = u.target_id where a.role::text <> u.role
      union all
      select file, row, 'sourcedId', 'given twice in this file (first on row ' || first_row || ')'
      from (select file, row, min(row) over (partition by key) as first_row from c_all) d
      where ${oneRoster} and row > first_row
      union all
      select 'orgs.csv', 0, null, 'describes ' || schools || ' schools: export the roster of one school'
      from (select count(*) filter (where role = 'school') as schools, count(*) as orgs from o) k
      where ${oneRoster} and orgs > 0 and schools <> 1
      union all
      select c.file, c.row, 'schoolSourcedId', 'no school with this sourcedId in orgs.csv'
      from c where ${oneRoster} and not exists (select 1 from o where o.key = c.org_key and o.role = 'school')
      union all
      select e.file, e.row, 'userSourcedId', 'no student or teacher with this sourcedId in users.csv'
      from e where ${oneRoster} and not e.removed and not exists (select 1 from u where u.key = e.user_key)
      union all
      select e.file, e.row, 'classSourcedId', 'no class with this sourcedId in classes.csv'
      from e where ${oneRoster} and not e.removed and not exists (select 1 from c where c.key = e.class_key)
      union all
      select e.file, e.row, 'role', 'the user is a ' || u.role || ' in users.csv'
      from e join u on u.key = e.user_key where ${oneRoster} and e.role <> u.role
      union all
      select file, row, ${classColumn}::text,
        'the class "' || name || '" would have ' || after || ' students, past its capacity of ' || capacity
      from (
        select c.file, c.row, c.name, coalesce(k.num_students, ${DEFAULT_CLASS_SIZE}) as capacity,
          coalesce(now_in.n, 0) + coalesce(d.joining, 0) - coalesce(d.leaving, 0) as after
        from c left join classes k on k.id = c.target_id
        left join (
          select class_id, count(*) as n from enrolments
          where class_id in (select target_id from c) group by class_id
        ) now_in on now_in.class_id = c.target_id
        left join (
          select class_key,
            count(*) filter (where role = 'student' and not removed and not is_there) as joining,
            count(*) filter (where role = 'student' and removed and is_there) as leaving
          from ep group by class_key
        ) d on d.class_key = c.key
      ) filled where after > capacity
    )
    select *, (count(*) over ())::int as total from found order by file, row limit ${limit}`);
  return {
    problems: result.rows.map(({ total: _total, ...problem }) => problem),
    total: result.rows[0]?.total ?? 0,
  };
}

const changed = (format: RosterFormat) => sql`(
  a.first_name <> u.first_name or a.last_name <> u.last_name
  or (u.email is not null and a.email is distinct from u.email)
  or (u.academic_level_id is not null and s.academic_level_id is distinct from u.academic_level_id)
  or (${format} = 'oneroster' and lower(a.username) <> u.username))`;

const classChanged = sql`(k.name <> c.name or (c.academic_level_id is not null and k.academic_level_id is distinct from c.academic_level_id))`;

/** What a commit of the matched rows does (RI4, RI6): created, updated, unchanged, per kind. */
export async function plannedChanges(
  db: Executor,
  importId: number,
  format: RosterFormat,
): Promise<RosterChanges> {
  const result = await db.execute<{ kind: string; created: number; updated: number; unchanged: number }>(sql`
    ${withStaged(importId)}
    select u.role || 's' as kind,
      (count(*) filter (where u.target_id is null))::int as created,
      (count(*) filter (where u.target_id is not null and ${changed(format)}))::int as updated,
      (count(*) filter (where u.target_id is not null and not ${changed(format)}))::int as unchanged
    from u left join users a on a.id = u.target_id left join students s on s.user_id = u.target_id
    group by u.role
    union all
    select 'classes',
      (count(*) filter (where c.target_id is null))::int,
      (count(*) filter (where c.target_id is not null and ${classChanged}))::int,
      (count(*) filter (where c.target_id is not null and not ${classChanged}))::int
    from c left join classes k on k.id = c.target_id
    union all
    select 'enrolments',
      (count(*) filter (where not removed and not is_there))::int,
      (count(*) filter (where removed and is_there))::int,
      (count(*) filter (where removed <> is_there))::int
    from ep`);
  const none = () => ({ created: 0, updated: 0, unchanged: 0 });
  const changes: RosterChanges = { students: none(), teachers: none(), classes: none(), enrolments: none() };
  for (const { kind, ...counts } of result.rows) changes[kind as keyof RosterChanges] = counts;
  return changes;
}

/** Locks the school's row until the commit ends: seat checks and imports of one school take turns (LP3, RI7). */
export async function lockSchool(tx: Executor, schoolId: number) {
  await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
}

/**
 * Gives each new person and class of the file its id before it is written (the identity's next values), so the
 * staged rows name what they become, whatever names repeat.
 */
async function reserveIds(tx: Executor, importId: number) {
  for (const [kind, table] of [
    ['user', 'users'],
    ['class', 'classes'],
  ] as const) {
    await tx.execute(sql`
      with fresh as (
        select key, nextval(pg_get_serial_sequence(${table}, 'id')) as id
        from (select distinct key from roster_import_rows
              where import_id = ${importId} and kind = ${kind} and target_id is null) k
      )
      update roster_import_rows r set target_id = fresh.id from fresh
      where r.import_id = ${importId} and r.kind = ${kind} and r.key = fresh.key`);
  }
}

interface Place {
  importId: number;
  schoolId: number;
  districtId: number;
  format: RosterFormat;
}

/**
 * Writes the matched rows (RI4–RI6) in the caller's transaction: new people (students with their reading state, no
 * band yet: placement first, M7) and classes, changed names, emails and grades, sourcedIds, teachers and enrolments.
 * Never deletes an account or a class; a password only comes with a new account (RI5).
 */
export async function writePeopleAndClasses(tx: Executor, place: Place) {
  const { importId, schoolId, districtId, format } = place;
  await reserveIds(tx, importId);
  await tx.execute(sql`
    ${withStaged(importId)}
    insert into users (id, username, password_hash, role, first_name, last_name, email, district_id, school_id)
    overriding system value
    select u.target_id, u.username, u.password_hash, u.role::role, u.first_name, u.last_name, u.email,
      ${districtId}, ${schoolId}
    from u where not exists (select 1 from users a where a.id = u.target_id)`);
  await tx.execute(sql`
    ${withStaged(importId)}
    insert into students (user_id, school_id, district_id, academic_level_id)
    select u.target_id, ${schoolId}, ${districtId}, u.academic_level_id
    from u where u.role = 'student' and not exists (select 1 from students s where s.user_id = u.target_id)`);
  await tx.execute(sql`
    ${withStaged(importId)}
    update users a set first_name = u.first_name, last_name = u.last_name, email = coalesce(u.email, a.email),
      username = case when ${format} = 'oneroster' then u.username else a.username end
    from u left join students s on s.user_id = u.target_id
    where a.id = u.target_id and ${changed(format)}`);
  await tx.execute(sql`
    ${withStaged(importId)}
    update students s set academic_level_id = u.academic_level_id
    from u where s.user_id = u.target_id and u.academic_level_id is not null
      and s.academic_level_id is distinct from u.academic_level_id`);
  await tx.execute(sql`
    ${withStaged(importId)}
    insert into classes (id, school_id, district_id, name, academic_level_id) overriding system value
    select c.target_id, ${schoolId}, ${districtId}, c.name, c.academic_level_id
    from c where not exists (select 1 from classes k where k.id = c.target_id)`);
  await tx.execute(sql`
    ${withStaged(importId)}
    update classes k set name = c.name, academic_level_id = coalesce(c.academic_level_id, k.academic_level_id)
    from c where k.id = c.target_id and ${classChanged}`);
  if (format === 'oneroster') await keepSourcedIds(tx, importId, schoolId);
}

/** OneRoster's ids of what the file names, so the next import of it matches them (RI4). */
async function keepSourcedIds(tx: Executor, importId: number, schoolId: number) {
  await tx.execute(sql`
    ${withStaged(importId)}
    insert into roster_user_sources (school_id, sourced_id, user_id)
    select ${schoolId}, u.key, u.target_id from u on conflict do nothing`);
  await tx.execute(sql`
    ${withStaged(importId)}
    insert into roster_class_sources (school_id, sourced_id, class_id)
    select ${schoolId}, c.key, c.target_id from c on conflict do nothing`);
}

/**
 * Teachers and enrolments (RI6): added as the file says, taken out only by a OneRoster `tobedeleted` row. A new
 * student's home class is the first class the file gives them. Answers the classes now past their capacity (M2).
 */
export async function writeEnrolments(tx: Executor, importId: number, schoolId: number) {
  await tx.execute(sql`
    ${withStaged(importId)}
    insert into class_teachers (class_id, teacher_id)
    select class_id, user_id from ep where role = 'teacher' and not removed on conflict do nothing`);
  await tx.execute(sql`
    ${withStaged(importId)}
    delete from class_teachers x using ep
    where ep.role = 'teacher' and ep.removed and x.class_id = ep.class_id and x.teacher_id = ep.user_id`);
  await tx.execute(sql`
    ${withStaged(importId)}
    insert into enrolments (class_id, student_id, school_id)
    select class_id, user_id, ${schoolId} from ep where role = 'student' and not removed on conflict do nothing`);
  await tx.execute(sql`
    ${withStaged(importId)}
    delete from enrolments x using ep
    where ep.role = 'student' and ep.removed and x.class_id = ep.class_id and x.student_id = ep.user_id`);
  await tx.execute(sql`
    ${withStaged(importId)}
    update students s set home_class_id = first.class_id
    from (select distinct on (user_id) user_id, class_id from ep
          where role = 'student' and not removed order by user_id, row) first
    where s.user_id = first.user_id and s.home_class_id is null`);
  const full = await tx.execute<{ name: string }>(sql`
    select k.name from classes k
    where k.id in (select target_id from roster_import_rows where import_id = ${importId} and kind = 'class')
      and (select count(*) from enrolments x where x.class_id = k.id) > k.num_students`);
  return full.rows.map((row) => row.name);
}

/** New students of a matched import: the seats it takes (LP3). */
export async function newStudentCount(db: Executor, importId: number) {
  const result = await db.execute<{ n: number }>(sql`
    select count(distinct key)::int as n from roster_import_rows
    where import_id = ${importId} and kind = 'user' and role = 'student' and target_id is null`);
  return result.rows[0]!.n;
}

export async function writeAudit(db: Executor, entry: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(entry);
}

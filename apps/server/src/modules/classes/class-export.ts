/**
 * A class's students as a CSV file a spreadsheet opens cleanly (docs/rules.md M9): the rows come from one query,
 * every text cell that a spreadsheet would run as a formula is defused, and the file carries a byte-order mark.
 */
import { stringify } from 'csv-stringify/sync';
import { asc, eq, sql } from 'drizzle-orm';
import { levelLabel } from '@readalong/contracts';
import type { Executor } from '../../db/database.js';
import { passages, students, users, worksheets } from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { requireVisibleClass } from '../access/in-scope.js';
import { completedBookOf, latestSpeedOf } from '../reports/report-conditions.js';
import { enrolledIn } from './class-conditions.js';

const HEADER = ['Name', 'Username', 'Level', 'Latest WPM', 'Latest WCPM', 'Books completed'];

/** Completed power builders: the books a student finished, whenever (FG4). */
const booksCompleted = sql<number>`(select count(*)::int from ${worksheets}
  inner join ${passages} on ${passages.id} = ${worksheets.passageId}
  where ${completedBookOf(students.userId)})`;

/** The class's students with their level, speed and books, by last then first name: one query. */
function studentRows(db: Executor, classId: number) {
  return db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      seriesId: students.seriesId,
      colourBandId: students.colourBandId,
      wpm: sql<number | null>`${latestSpeedOf(students.userId, 'wpm')}`,
      wcpm: sql<number | null>`${latestSpeedOf(students.userId, 'wcpm')}`,
      books: booksCompleted,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(enrolledIn(db, classId))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

/** A cell a spreadsheet would read as a formula (or whose leading tab or return it would drop) gets a leading `'`. */
export const defused = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const speed = (value: number | null) => (value === null ? '' : String(Math.round(value)));

/** `attachment` named after the class: a plain-ASCII name for old clients, the exact one as `filename*`. */
function attachment(className: string) {
  const name = `${className}-students.csv`;
  const ascii = name.replace(/[^\w .-]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The export of a class in the caller's scope (else 404): its CSV text and its Content-Disposition. */
export async function exportClass(db: Executor, actor: Actor, classId: number) {
  const klass = await requireVisibleClass(db, actor, classId);
  const rows = (await studentRows(db, classId)).map((row) => [
    `${row.firstName} ${row.lastName}`.trim(),
    row.username,
    levelLabel(row.seriesId, row.colourBandId),
    speed(row.wpm),
    speed(row.wcpm),
    String(row.books),
  ]);
  const csv = stringify(
    [HEADER, ...rows].map((cells) => cells.map(defused)),
    {
      bom: true,
      record_delimiter: 'windows',
    },
  );
  return { csv, disposition: attachment(klass.name) };
}

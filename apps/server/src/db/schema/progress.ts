/** Alerts, notifications, goals, level history and coins (P1–P3, P12, RA9, R12, L7). */
import { index, integer, jsonb, boolean, pgTable, real, smallint, text, date } from 'drizzle-orm/pg-core';
import { createdAt, id, at } from './columns.js';
import { passages } from './content.js';
import { classes, districtRef, schoolRef, students, studentRef, users } from './tenancy.js';
import { worksheets } from './reading.js';

export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    studentId: studentRef(),
    schoolId: schoolRef(),
    districtId: districtRef(),
    typeId: smallint().notNull(),
    passageId: integer().references(() => passages.id),
    worksheetId: integer().references(() => worksheets.id, { onDelete: 'set null' }),
    /** Whether the student sees it too (Pass, Fail, LevelUp*, AchieveGoal*, graded recordings). */
    isStudentFacing: boolean().notNull().default(false),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Seen by staff: any of the student's teachers, owner or department head. */
    seen: boolean().notNull().default(false),
    /** Seen by the student, kept apart so a teacher reading an alert does not hide it from the student. */
    seenByStudent: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.schoolId, t.createdAt), index().on(t.studentId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['assignment', 'recording_graded', 'licence_ending'] }).notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    link: text(),
    read: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/** A goal for a student, or a class's defaults for its students (exactly one of the two ids is set). */
export const goals = pgTable(
  'goals',
  {
    id: id(),
    schoolId: schoolRef(),
    studentId: integer().references(() => students.userId, { onDelete: 'cascade' }),
    classId: integer().references(() => classes.id, { onDelete: 'cascade' }),
    targetLexile: integer(),
    targetWpm: real(),
    targetWcpm: real(),
    targetDate: date({ mode: 'string' }),
    achievedLexileAt: at(),
    achievedWpmAt: at(),
    achievedWcpmAt: at(),
    setBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.studentId), index().on(t.classId)],
);

/** Every level change with its reason (R12): rule, scores, who. */
export const levelChanges = pgTable(
  'level_changes',
  {
    id: id(),
    studentId: studentRef(),
    schoolId: schoolRef(),
    fromSeriesId: smallint(),
    fromColourBandId: smallint(),
    toSeriesId: smallint(),
    toColourBandId: smallint(),
    rule: text({
      enum: ['level_up', 'level_down', 'placement', 'manual_placement', 'reset', 'seed'],
    }).notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    changedBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.studentId, t.createdAt),
    index().on(t.schoolId, t.createdAt),
    // A school's or district's changes over a period (IN6, IN11), read from the index alone.
    index('level_changes_period_idx').on(t.createdAt, t.studentId, t.rule),
  ],
);

export const coinTransactions = pgTable(
  'coin_transactions',
  {
    id: id(),
    studentId: studentRef(),
    schoolId: schoolRef(),
    amount: integer().notNull(),
    reason: text().notNull(),
    worksheetId: integer().references(() => worksheets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.studentId, t.createdAt)],
);

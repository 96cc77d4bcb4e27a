/** Roster imports (RI1–RI8): the job, the rows of its file staged while it is checked, and OneRoster's ids. */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RosterProblem } from '@readalong/contracts';
import type { z } from 'zod';
import { at, createdAt, id } from './columns.js';
import { classes, schools, users } from './tenancy.js';

export const ROSTER_IMPORT_STATUSES = [
  'validating',
  'invalid',
  'ready',
  'committing',
  'committed',
  'failed',
] as const;

type Changes = { created: number; updated: number; unchanged: number };
export type RosterChanges = Record<'students' | 'teachers' | 'classes' | 'enrolments', Changes>;

/** One upload and what became of it; the client polls it (RI1). */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: id(),
    schoolId: integer()
      .notNull()
      .references(() => schools.id),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    format: text({ enum: ['template', 'oneroster'] }).notNull(),
    status: text({ enum: ROSTER_IMPORT_STATUSES }).notNull().default('validating'),
    progressDone: integer().notNull().default(0),
    progressTotal: integer(),
    changes: jsonb().$type<RosterChanges>(),
    seats: jsonb().$type<{ needed: number; free: number | null }>(),
    /** The first ROSTER_PROBLEMS_SHOWN problems; problem_count counts them all. */
    problems: jsonb().$type<z.infer<typeof RosterProblem>[]>().notNull().default([]),
    problemCount: integer().notNull().default(0),
    error: text(),
    createdAt: createdAt(),
    /** Touched as the job moves on: a job not touched for minutes stopped with its server (RI8). */
    updatedAt: createdAt(),
    finishedAt: at(),
  },
  (t) => [index().on(t.schoolId, t.createdAt), index().on(t.status)],
);

/**
 * A row of the file, staged while the import runs so that no file is ever held in memory (RI3): a person, a class,
 * an org or an enrolment. `key` matches it to what the school has (a OneRoster sourcedId, a template's username or
 * class name); `target_id` is the matched user or class, once known. Deleted when the import ends.
 */
export const rosterImportRows = pgTable(
  'roster_import_rows',
  {
    id: id(),
    importId: integer()
      .notNull()
      .references(() => rosterImports.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['user', 'class', 'org', 'enrolment'] }).notNull(),
    file: text().notNull(),
    row: integer().notNull(),
    key: text().notNull(),
    /** A person's role (student, teacher), an enrolment's role, an org's type. */
    role: text(),
    username: text(),
    firstName: text(),
    lastName: text(),
    email: text(),
    /** An Argon2id hash of the password given (RI5): the password itself is never stored. */
    passwordHash: text(),
    academicLevelId: integer(),
    /** A class's name, an org's name. */
    name: text(),
    /** An enrolment's user and class keys; a class's org. */
    userKey: text(),
    classKey: text(),
    orgKey: text(),
    /** OneRoster's status: `tobedeleted` removes an enrolment (RI6). */
    removed: boolean().notNull().default(false),
    targetId: integer(),
  },
  (t) => [index().on(t.importId, t.kind, t.key)],
);

/**
 * OneRoster's sourcedIds of the school's people and classes (RI4), so a file imported again matches what it made
 * even after a rename. Tables of their own rather than columns of users and classes: only imports use them.
 */
export const rosterUserSources = pgTable(
  'roster_user_sources',
  {
    schoolId: integer()
      .notNull()
      .references(() => schools.id),
    sourcedId: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.sourcedId] }), uniqueIndex().on(t.userId)],
);

export const rosterClassSources = pgTable(
  'roster_class_sources',
  {
    schoolId: integer()
      .notNull()
      .references(() => schools.id),
    sourcedId: text().notNull(),
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.sourcedId] }), uniqueIndex().on(t.classId)],
);

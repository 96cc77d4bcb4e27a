/**
 * Module roster-import: a school's roster from a file (docs/rules.md RI1–RI8). Our own calls beyond the customer's
 * API. An import is a job: the upload is checked row by row without writing the roster (a dry run), then, if every
 * row is sound, committed all or nothing. The client polls the job for its progress.
 */
import { z } from 'zod';
import { Count, Id, IdParams, RecordId, Timestamp } from '../common.js';
import { defineContract } from '../contract.js';

/** Who may import a roster: school and district administrators. */
const ADMINS = ['owner', 'department_head'] as const;

/** The largest roster file accepted (a OneRoster zip of a large district is well below it). */
export const ROSTER_FILE_MAX_BYTES = 50 * 1024 * 1024;

/**
 * The project's CSV template: one row per person. `classes` names the person's classes in the school, separated by
 * `;` (a class not yet there is made); a teacher teaches them, a student is enrolled in them. `password` is used only
 * when the account is new (RI5).
 */
export const ROSTER_TEMPLATE_COLUMNS = [
  'role',
  'username',
  'first_name',
  'last_name',
  'email',
  'password',
  'grade',
  'classes',
] as const;

/** The template's example rows, downloadable with it from the import screen. */
export const ROSTER_TEMPLATE_EXAMPLE = [
  ['teacher', 'r.okafor', 'Ruth', 'Okafor', 'r.okafor@example.org', '', '', 'Class 3A;Class 3B'],
  ['student', 'maya.lee', 'Maya', 'Lee', '', 'Maple-Tree-42', 'Grade 3', 'Class 3A'],
] as const satisfies readonly (readonly string[])[];

/** The files of a OneRoster 1.1 CSV zip that an import reads (others, such as manifest.csv, are ignored). */
export const ONEROSTER_FILES = [
  'orgs.csv',
  'academicSessions.csv',
  'users.csv',
  'classes.csv',
  'enrollments.csv',
] as const;

export const RosterFormat = z.enum(['template', 'oneroster']);

export const RosterImportStatus = z
  .enum(['validating', 'invalid', 'ready', 'committing', 'committed', 'failed'])
  .describe(
    'validating: the dry run is reading the file; invalid: rows have problems, nothing can be written; ready: ' +
      'sound, waiting for commit; committing; committed; failed: the job stopped (error says why), nothing written',
  );

/** One problem of one row: where it is and what is wrong, in words a school's office can act on. */
export const RosterProblem = z.object({
  file: z.string().describe('the CSV file (for a zip, the file inside it)'),
  row: Count.describe(
    'the line number in that file, the header being line 1; 0 for a problem of the whole file',
  ),
  column: z.string().nullable().describe('the column, when the problem is in one'),
  message: z.string(),
});

const Changes = z.object({ created: Count, updated: Count, unchanged: Count });

/** The first problems an import reports; `problem_count` says how many there are in all. */
export const ROSTER_PROBLEMS_SHOWN = 500;

export const RosterImport = z.object({
  id: RecordId,
  school_id: RecordId,
  file_name: z.string(),
  format: RosterFormat,
  status: RosterImportStatus,
  progress: z.object({
    done: Count.describe('rows read (validating) or written (committing)'),
    total: Count.nullable().describe('rows in all, once known'),
  }),
  changes: z
    .object({ students: Changes, teachers: Changes, classes: Changes, enrolments: Changes })
    .nullable()
    .describe('what a commit does (ready) or did (committed); null until the dry run ends'),
  seats: z
    .object({ needed: Count, free: Count.nullable().describe('null: the school has no licence pack') })
    .nullable()
    .describe('licence seats the new students take (LP3)'),
  problems: z.array(RosterProblem).max(ROSTER_PROBLEMS_SHOWN),
  problem_count: Count,
  error: z.string().nullable().describe('why the job failed'),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
});

export const startRosterImport = defineContract({
  name: 'startRosterImport',
  method: 'POST',
  path: '/v1/roster/imports',
  summary:
    'Upload a roster (the CSV template or a OneRoster 1.1 zip) and start its dry run; nothing is written until commit.',
  access: ADMINS,
  status: 202,
  multipart: {
    fields: z.strictObject({
      school_id: Id.optional().describe('department heads: the school; owners: their own'),
    }),
    files: [
      { name: 'file', required: true, description: 'a .csv (the template) or a .zip (OneRoster 1.1 CSV)' },
    ],
  },
  response: RosterImport,
});

/** Imports a list shows, newest first. */
export const ROSTER_IMPORTS_LISTED = 20;

export const listRosterImports = defineContract({
  name: 'listRosterImports',
  method: 'GET',
  path: '/v1/roster/imports',
  summary:
    "The latest imports, newest first, without their problems (read one import for them): the school's, or for a " +
    'department head those of the district or of the school named.',
  access: ADMINS,
  query: z.object({
    school_id: Id.optional().describe('department heads: one school of the district; left out, all of them'),
  }),
  response: z.object({
    imports: z.array(RosterImport.omit({ problems: true })).max(ROSTER_IMPORTS_LISTED),
  }),
});

export const getRosterImport = defineContract({
  name: 'getRosterImport',
  method: 'GET',
  path: '/v1/roster/imports/{id}',
  summary: 'An import: its status, progress, problems and the changes a commit makes.',
  access: ADMINS,
  params: IdParams,
  response: RosterImport,
});

export const commitRosterImport = defineContract({
  name: 'commitRosterImport',
  method: 'POST',
  path: '/v1/roster/imports/{id}/commit',
  summary: 'Write a sound import’s changes, all or none; the same file committed twice changes nothing.',
  access: ADMINS,
  status: 202,
  params: IdParams,
  response: RosterImport,
});

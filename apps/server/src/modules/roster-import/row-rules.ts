/**
 * What one row of a roster file says, checked field by field with the API's own schemas (RI2): a username, a name or a
 * password is refused in the same words as when staff type it. A row becomes staged rows (a person, their classes,
 * their enrolments), or none when the import leaves it aside (RI6).
 */
import { EmailInput, contracts } from '@readalong/contracts';
import type { RosterProblem } from '@readalong/contracts';
import type { z } from 'zod';

export type Problem = z.infer<typeof RosterProblem>;

/** A row as staged (roster_import_rows), with the password still in the clear: it is hashed before staging (RI5). */
export interface StagedRow {
  kind: 'user' | 'class' | 'org' | 'enrolment';
  file: string;
  row: number;
  key: string;
  role?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  password?: string | null;
  academicLevelId?: number | null;
  name?: string | null;
  userKey?: string | null;
  classKey?: string | null;
  orgKey?: string | null;
  removed?: boolean;
}

/** Academic levels (static data): ids by lower-case name, and the names in order, to list in a problem. */
export interface Grades {
  ids: ReadonlyMap<string, number>;
  names: readonly string[];
}

interface RowContext {
  file: string;
  row: number;
  grades: Grades;
  problem: (problem: Problem) => void;
}

type Cells = Record<string, string>;

const NewStudent = contracts.batchCreateStudents.body.shape.students.element;
const NewClassName = contracts.createClass.body.shape.name;
const PERSON_ROLES = ['student', 'teacher'];
const SOURCED_ID_MAX = 255;

/** Checks `value` with the API's schema for the field; a problem names the column, and the row is then not staged. */
function field<T>(schema: z.ZodType<T>, value: string, column: string, context: RowContext): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  context.problem({ file: context.file, row: context.row, column, message: parsed.error.issues[0]!.message });
  return undefined;
}

function problemAt(context: RowContext, column: string, message: string) {
  context.problem({ file: context.file, row: context.row, column, message });
}

/**
 * A grade as a name of the static data's academic levels ("Grade 3", any case) or as OneRoster's grade code ("03",
 * "KG"); OneRoster's list ("03,04") gives the first. Empty: no grade. Unknown: a problem of the column.
 */
function gradeOf(value: string, column: string, context: RowContext): number | null | undefined {
  const first = value.split(',')[0]!.trim();
  if (!first) return null;
  const code = /^\d{1,2}$/.test(first) ? `grade ${Number(first)}` : first.toLowerCase();
  const id = context.grades.ids.get(code === 'kg' ? 'kindergarten' : code);
  if (id === undefined) {
    problemAt(context, column, `unknown grade "${first}": use one of ${context.grades.names.join(', ')}`);
  }
  return id;
}

/** A sourcedId: required, and short enough to be an id. */
function sourcedId(value: string, column: string, context: RowContext): string | undefined {
  if (!value) problemAt(context, column, `${column} is required`);
  else if (value.length > SOURCED_ID_MAX)
    problemAt(context, column, `must be at most ${SOURCED_ID_MAX} characters`);
  else return value;
  return undefined;
}

interface Person {
  role: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  password: string | null;
  academicLevelId: number | null;
}

/** A person's fields under the given column names; staff need an email address to be reached (RI2). */
function person(
  cells: Cells,
  columns: Record<keyof Person, string>,
  context: RowContext,
): Person | undefined {
  const role = cells[columns.role]!.toLowerCase();
  const username = field(NewStudent.shape.username, cells[columns.username]!, columns.username, context);
  const firstName = field(NewStudent.shape.first_name, cells[columns.firstName]!, columns.firstName, context);
  const lastName = field(NewStudent.shape.last_name, cells[columns.lastName]!, columns.lastName, context);
  const emailText = cells[columns.email] ?? '';
  const email = emailText ? field(EmailInput, emailText, columns.email, context) : null;
  if (role === 'teacher' && !emailText) problemAt(context, columns.email, 'a teacher needs an email address');
  const passwordText = cells[columns.password] ?? '';
  const password = passwordText
    ? field(NewStudent.shape.password, passwordText, columns.password, context)
    : null;
  const academicLevelId = gradeOf(cells[columns.academicLevelId] ?? '', columns.academicLevelId, context);
  const values = [username, firstName, lastName, email, password, academicLevelId];
  if (values.includes(undefined)) return undefined;
  return { role, username, firstName, lastName, email, password, academicLevelId } as Person;
}

const TEMPLATE_PERSON = {
  role: 'role',
  username: 'username',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  password: 'password',
  academicLevelId: 'grade',
} as const;

/** The template: a person, and each of their classes (made when missing) with their place in it (RI4). */
function templateRow(cells: Cells, context: RowContext): StagedRow[] {
  const role = cells.role!.toLowerCase();
  if (!PERSON_ROLES.includes(role)) {
    problemAt(context, 'role', 'must be student or teacher');
    return [];
  }
  const found = person(cells, TEMPLATE_PERSON, context);
  const classNames = [...new Set(cells.classes!.split(';').map((name) => name.trim()))].filter(Boolean);
  const tooLong = classNames.find((name) => name.length > 100);
  if (tooLong)
    problemAt(context, 'classes', `class names are at most 100 characters: "${tooLong.slice(0, 40)}…"`);
  if (!found || tooLong) return [];
  const { file, row } = context;
  const userKey = found.username;
  return [
    { kind: 'user', file, row, key: userKey, ...found },
    ...classNames.flatMap((name): StagedRow[] => [
      { kind: 'class', file, row, key: name.toLowerCase(), name },
      {
        kind: 'enrolment',
        file,
        row,
        key: `${userKey}\n${name.toLowerCase()}`,
        role,
        userKey,
        classKey: name.toLowerCase(),
      },
    ]),
  ];
}

const isRemoved = (cells: Cells) => (cells.status ?? '').toLowerCase() === 'tobedeleted';

const ONEROSTER_PERSON = {
  role: 'role',
  username: 'username',
  firstName: 'givenName',
  lastName: 'familyName',
  email: 'email',
  password: 'password',
  academicLevelId: 'grades',
} as const;

/**
 * OneRoster users.csv: students and teachers; other roles (administrators, aides, guardians…) and people marked
 * `tobedeleted` are left aside, as an import never removes an account (RI6).
 */
function oneRosterUser(cells: Cells, context: RowContext): StagedRow[] {
  const role = cells.role!.toLowerCase();
  if (!PERSON_ROLES.includes(role) || isRemoved(cells)) return [];
  const key = sourcedId(cells.sourcedId!, 'sourcedId', context);
  const found = person(cells, ONEROSTER_PERSON, context);
  if (!key || !found) return [];
  return [{ kind: 'user', file: context.file, row: context.row, key, ...found }];
}

/** OneRoster classes.csv: a class of the file's school; one marked `tobedeleted` stays (RI6). */
function oneRosterClass(cells: Cells, context: RowContext): StagedRow[] {
  if (isRemoved(cells)) return [];
  const key = sourcedId(cells.sourcedId!, 'sourcedId', context);
  const name = field(NewClassName, cells.title!, 'title', context);
  const orgKey = sourcedId(cells.schoolSourcedId!, 'schoolSourcedId', context);
  const academicLevelId = gradeOf(cells.grades ?? '', 'grades', context);
  if (!key || !name || !orgKey || academicLevelId === undefined) return [];
  return [{ kind: 'class', file: context.file, row: context.row, key, name, orgKey, academicLevelId }];
}

/** OneRoster enrollments.csv: a student or teacher in a class; `tobedeleted` takes them out (RI6). */
function oneRosterEnrolment(cells: Cells, context: RowContext): StagedRow[] {
  const role = cells.role!.toLowerCase();
  if (!PERSON_ROLES.includes(role)) return [];
  const key = sourcedId(cells.sourcedId!, 'sourcedId', context);
  const userKey = sourcedId(cells.userSourcedId!, 'userSourcedId', context);
  const classKey = sourcedId(cells.classSourcedId!, 'classSourcedId', context);
  if (!key || !userKey || !classKey) return [];
  const { file, row } = context;
  return [{ kind: 'enrolment', file, row, key, role, userKey, classKey, removed: isRemoved(cells) }];
}

/** OneRoster orgs.csv: the school (and its district) the file describes. */
function oneRosterOrg(cells: Cells, context: RowContext): StagedRow[] {
  const key = sourcedId(cells.sourcedId!, 'sourcedId', context);
  if (!key) return [];
  const role = cells.type!.toLowerCase();
  return [{ kind: 'org', file: context.file, row: context.row, key, role, name: cells.name!.slice(0, 200) }];
}

export const rowReaders = {
  template: templateRow,
  'orgs.csv': oneRosterOrg,
  // Terms are not kept: a class belongs to the school, not to a term (RI6).
  'academicSessions.csv': () => [],
  'users.csv': oneRosterUser,
  'classes.csv': oneRosterClass,
  'enrollments.csv': oneRosterEnrolment,
} satisfies Record<string, (cells: Cells, context: RowContext) => StagedRow[]>;

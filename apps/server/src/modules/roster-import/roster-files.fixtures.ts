/**
 * Roster files as schools send them, made in tests and the bench: OneRoster 1.1 CSV zips (built with yazl, as an
 * export tool would) and the project's CSV template, and the form that uploads one.
 */
import yazl from 'yazl';
import { ROSTER_TEMPLATE_COLUMNS } from '@readalong/contracts';

export interface OneRosterPerson {
  sourcedId: string;
  role: 'student' | 'teacher' | 'administrator';
  username: string;
  givenName: string;
  familyName: string;
  email?: string;
  grades?: string;
  password?: string;
  status?: string;
}

export interface OneRosterClass {
  sourcedId: string;
  title: string;
  schoolSourcedId?: string;
}

export interface OneRosterEnrolment {
  classSourcedId: string;
  userSourcedId: string;
  role: 'student' | 'teacher';
  status?: string;
}

export interface OneRoster {
  users: OneRosterPerson[];
  classes: OneRosterClass[];
  enrollments: OneRosterEnrolment[];
  /** Files left out of the zip. */
  without?: string[];
}

export const SCHOOL_SOURCED_ID = 'org-school-1';

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
export const csvOf = (rows: readonly (readonly string[])[]) =>
  rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

/** The zip's CSVs, with OneRoster 1.1's columns (those an import does not read too). */
export function oneRosterFiles(roster: OneRoster): Record<string, string> {
  return {
    'manifest.csv': csvOf([
      ['propertyName', 'value'],
      ['manifest.version', '1.0'],
      ['oneroster.version', '1.1'],
    ]),
    'orgs.csv': csvOf([
      ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
      ['org-district-1', 'active', '', 'Riverside District', 'district', '', ''],
      [SCHOOL_SOURCED_ID, 'active', '', 'Riverside Primary', 'school', '', 'org-district-1'],
    ]),
    'academicSessions.csv': csvOf([
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'title',
        'type',
        'startDate',
        'endDate',
        'parentSourcedId',
        'schoolYear',
      ],
      ['term-1', 'active', '', 'Autumn', 'term', '2026-09-01', '2026-12-20', '', '2027'],
    ]),
    'users.csv': csvOf([
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'enabledUser',
        'orgSourcedIds',
        'role',
        'username',
        'userIds',
        'givenName',
        'familyName',
        'middleName',
        'identifier',
        'email',
        'sms',
        'phone',
        'agentSourcedIds',
        'grades',
        'password',
      ],
      ...roster.users.map((user) => [
        user.sourcedId,
        user.status ?? 'active',
        '',
        'true',
        SCHOOL_SOURCED_ID,
        user.role,
        user.username,
        '',
        user.givenName,
        user.familyName,
        '',
        '',
        user.email ?? '',
        '',
        '',
        '',
        user.grades ?? '',
        user.password ?? '',
      ]),
    ]),
    'classes.csv': csvOf([
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'title',
        'grades',
        'courseSourcedId',
        'classCode',
        'classType',
        'location',
        'schoolSourcedId',
        'termSourcedIds',
        'subjects',
        'subjectCodes',
        'periods',
      ],
      ...roster.classes.map((klass) => [
        klass.sourcedId,
        'active',
        '',
        klass.title,
        '',
        'course-1',
        '',
        'scheduled',
        '',
        klass.schoolSourcedId ?? SCHOOL_SOURCED_ID,
        'term-1',
        '',
        '',
        '',
      ]),
    ]),
    'enrollments.csv': csvOf([
      [
        'sourcedId',
        'status',
        'dateLastModified',
        'classSourcedId',
        'schoolSourcedId',
        'userSourcedId',
        'role',
        'primary',
        'beginDate',
        'endDate',
      ],
      ...roster.enrollments.map((enrolment, index) => [
        `enr-${index + 1}`,
        enrolment.status ?? 'active',
        '',
        enrolment.classSourcedId,
        SCHOOL_SOURCED_ID,
        enrolment.userSourcedId,
        enrolment.role,
        'false',
        '',
        '',
      ]),
    ]),
  };
}

/** Zips named files; a file's content may be a string or a stream (the bench's large users.csv). */
export function zipOf(files: Record<string, string | NodeJS.ReadableStream>): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    if (typeof content === 'string') zip.addBuffer(Buffer.from(content), name);
    else zip.addReadStream(content, name);
  }
  zip.end();
  return zip.outputStream;
}

export async function bufferOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function oneRosterZip(roster: OneRoster): Promise<Buffer> {
  const files = oneRosterFiles(roster);
  for (const name of roster.without ?? []) delete files[name];
  return bufferOf(zipOf(files));
}

/** The project's template with these rows under its header. */
export const templateCsv = (rows: readonly (readonly string[])[]) =>
  Buffer.from(csvOf([ROSTER_TEMPLATE_COLUMNS, ...rows]));

/** A multipart form with the file (and a school for department heads), as the import screen sends it. */
export function uploadForm(file: Buffer, fileName: string, schoolId?: number) {
  const boundary = '----roster-import-test';
  const parts = [
    ...(schoolId === undefined
      ? []
      : [`--${boundary}\r\nContent-Disposition: form-data; name="school_id"\r\n\r\n${schoolId}\r\n`]),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  ];
  return {
    payload: Buffer.concat([Buffer.from(parts.join('')), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

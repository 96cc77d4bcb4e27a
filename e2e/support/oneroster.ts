/**
 * OneRoster 1.1 CSV zips as a student information system exports them, built in the test with yazl: the files an
 * import reads (orgs, academicSessions, users, classes, enrollments) plus the manifest, with the standard columns.
 */
import yazl from 'yazl';

export interface RosterPerson {
  sourcedId: string;
  role: 'student' | 'teacher';
  username: string;
  givenName: string;
  familyName: string;
  email?: string;
  /** OneRoster's grade code: "03" is Grade 3. */
  grades?: string;
  password?: string;
}

export interface RosterClass {
  sourcedId: string;
  title: string;
}

export interface RosterEnrolment {
  classSourcedId: string;
  userSourcedId: string;
  role: 'student' | 'teacher';
}

export interface Roster {
  users: RosterPerson[];
  classes: RosterClass[];
  enrollments: RosterEnrolment[];
}

const SCHOOL = 'org-school-1';

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvOf = (rows: readonly (readonly string[])[]) =>
  rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

function filesOf(roster: Roster): Record<string, string> {
  return {
    'manifest.csv': csvOf([
      ['propertyName', 'value'],
      ['manifest.version', '1.0'],
      ['oneroster.version', '1.1'],
    ]),
    'orgs.csv': csvOf([
      ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
      ['org-district-1', 'active', '', 'Lakeside District', 'district', '', ''],
      [SCHOOL, 'active', '', 'Lakeside Primary', 'school', '', 'org-district-1'],
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
        'active',
        '',
        'true',
        SCHOOL,
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
        SCHOOL,
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
        'active',
        '',
        enrolment.classSourcedId,
        SCHOOL,
        enrolment.userSourcedId,
        enrolment.role,
        'false',
        '',
        '',
      ]),
    ]),
  };
}

/** The roster as a zip's bytes, ready for a file input. */
export async function oneRosterZip(roster: Roster): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(filesOf(roster))) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

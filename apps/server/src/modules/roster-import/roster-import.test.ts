/** Roster import through the API: dry run, commit, idempotency, seats, scope, and files that are not rosters (RI1–RI8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ROSTER_FILE_MAX_BYTES, ROSTER_TEMPLATE_EXAMPLE, type RosterImport } from '@readalong/contracts';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import {
  auditLog,
  classTeachers,
  classes,
  enrolments,
  licencePacks,
  rosterImportRows,
  rosterImports,
  students,
  users,
} from '../../db/schema/index.js';
import {
  oneRosterZip,
  templateCsv,
  uploadForm,
  type OneRoster,
  type OneRosterPerson,
} from './roster-files.fixtures.js';

type Job = z.infer<typeof RosterImport>;

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp(); // the clock reads 2026-09-15
  cast = await signedInCast(t);
  await t.db.insert(licencePacks).values({
    schoolId: cast.world.school.id,
    name: 'This year',
    seats: 40,
    startsOn: '2026-09-01',
    endsOn: '2027-08-31',
  });
});
afterAll(() => t.close());

const upload = (token: string | undefined, file: Buffer, fileName: string, schoolId?: number) =>
  t.request({
    method: 'POST',
    url: '/api/v1/roster/imports',
    token,
    ...uploadForm(file, fileName, schoolId),
  });

/** Polls the import until its job ends, as the import screen does. */
async function settled(token: string, id: number): Promise<Job> {
  for (let tries = 0; tries < 600; tries += 1) {
    const job = (await t.request({ method: 'GET', url: `/api/v1/roster/imports/${id}`, token })).json<Job>();
    if (job.status !== 'validating' && job.status !== 'committing') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not end`);
}

async function dryRun(file: Buffer, fileName: string, token = cast.token.owner, schoolId?: number) {
  const response = await upload(token, file, fileName, schoolId);
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json<Job>().status).toBe('validating');
  return settled(token, response.json<Job>().id);
}

const commitRequest = (id: number, token = cast.token.owner) =>
  t.request({ method: 'POST', url: `/api/v1/roster/imports/${id}/commit`, token });

async function commit(id: number, token = cast.token.owner) {
  const response = await commitRequest(id, token);
  expect(response.statusCode, response.body).toBe(202);
  return settled(token, id);
}

/** What the school has: the rows an import could write. */
async function rosterCounts(schoolId = cast.world.school.id) {
  const [people] = await t.db.select({ n: count() }).from(users).where(eq(users.schoolId, schoolId));
  const [rooms] = await t.db.select({ n: count() }).from(classes).where(eq(classes.schoolId, schoolId));
  const [places] = await t.db
    .select({ n: count() })
    .from(enrolments)
    .where(eq(enrolments.schoolId, schoolId));
  const [teaching] = await t.db
    .select({ n: count() })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.classId))
    .where(eq(classes.schoolId, schoolId));
  return { users: people!.n, classes: rooms!.n, enrolments: places!.n, teachers: teaching!.n };
}

const same = { created: 0, updated: 0 };

describe('who may import', () => {
  it('401 without a session, 403 for teachers and students', async () => {
    const file = templateCsv([]);
    expectError(await upload(undefined, file, 'roster.csv'), 401);
    expectError(await upload(cast.token.teacher, file, 'roster.csv'), 403);
    expectError(await upload(cast.token.student, file, 'roster.csv'), 403);
    expectError(
      await t.request({ method: 'GET', url: '/api/v1/roster/imports/1', token: cast.token.teacher }),
      403,
    );
    expectError(await commitRequest(1, cast.token.student), 403);
  });

  it('a department head names a school of their district: none is a 400, another district’s a 404', async () => {
    const file = templateCsv([]);
    expectError(await upload(cast.token.head, file, 'roster.csv'), 400, 'body.school_id');
    expectError(await upload(cast.token.head, file, 'roster.csv', cast.outsider.school.id), 404);
  });

  it('an import of another district is not found', async () => {
    const job = await dryRun(templateCsv([]), 'empty.csv');
    const outsider = await signIn(t, cast.outsider.owner.username);
    expectError(
      await t.request({
        method: 'GET',
        url: `/api/v1/roster/imports/${job.id}`,
        token: outsider.access_token,
      }),
      404,
    );
    expectError(await commitRequest(job.id, outsider.access_token), 404);
  });
});

describe('the CSV template', () => {
  it('a dry run names every bad row, file, row, column and problem, and writes nothing', async () => {
    await t.db.insert(classes).values({
      schoolId: cast.world.school.id,
      districtId: cast.world.district.id,
      name: 'Tiny',
      numStudents: 1,
    });
    const before = await rosterCounts();
    const job = await dryRun(
      templateCsv([
        ['student', 'maya.lee', 'Maya', 'Lee', '', 'short', 'Grade 3', 'Class 3A'],
        ['pupil', 'x.pupil', 'X', 'Pupil', '', '', '', 'Class 3A'],
        ['student', 'Ann B', 'Ann', 'B', '', '', 'Grade 3', 'Class 3A'],
        ['teacher', 'r.okafor', 'Ruth', 'Okafor', '', '', '', 'Class 3A'],
        ['student', 'sam.k', 'Sam', 'K', '', '', 'Grade 42', 'Class 3A'],
        ['student', cast.outsider.teacher.username, 'Out', 'Sider', '', '', '', 'Class 3A'],
        ['student', 'dup.kid', 'Dee', 'One', '', '', '', 'Tiny'],
        ['student', 'dup.kid', 'Dee', 'Two', '', '', '', 'Class 3A'],
        ['student', 'three.cells', 'x'],
        ['student', 'tiny.two', 'Tia', 'Two', '', '', '', 'Tiny'],
      ]),
      'roster.csv',
    );
    expect(job.status).toBe('invalid');
    const at = (row: number, column: string | null, message: string | RegExp): unknown =>
      expect.objectContaining({
        file: 'roster.csv',
        row,
        column,
        message: message instanceof RegExp ? expect.stringMatching(message) : message,
      });
    expect(job.problems).toEqual([
      at(2, 'password', 'must be at least 8 characters'),
      at(3, 'role', 'must be student or teacher'),
      at(4, 'username', 'use 3–50 letters, digits, dots, dashes or underscores'),
      at(5, 'email', 'a teacher needs an email address'),
      at(6, 'grade', /^unknown grade "Grade 42": use one of Kindergarten, Grade 1, /),
      at(7, 'username', 'this username is taken'),
      at(8, 'classes', 'the class "Tiny" would have 2 students, past its capacity of 1'),
      at(9, 'username', 'given twice in this file (first on row 8)'),
      at(10, null, 'has 3 cells where the header has 8'),
    ]);
    expect(job.problem_count).toBe(9);
    expect(await rosterCounts()).toEqual(before);
    expect(await t.db.select().from(rosterImportRows).where(eq(rosterImportRows.importId, job.id))).toEqual(
      [],
    );
    const refused = await commitRequest(job.id);
    expectError(refused, 400);
    expect(refused.json().error.message).toBe('This import has problems: fix the file and upload it again.');
  });

  it('the example rows the import screen offers with the template are sound', async () => {
    const job = await dryRun(templateCsv(ROSTER_TEMPLATE_EXAMPLE), 'example.csv');
    expect(job.problems).toEqual([]);
    expect(job.status).toBe('ready');
  });

  it('an account of another role keeps its role: the row is a problem', async () => {
    const job = await dryRun(
      templateCsv([
        ['teacher', cast.world.owner.username, 'Own', 'Er', 'owner@example.org', '', '', 'Class 3A'],
      ]),
      'roster.csv',
    );
    expect(job.problems).toEqual([
      {
        file: 'roster.csv',
        row: 2,
        column: 'role',
        message: 'this username is of an account of another role (owner): an import does not change roles',
      },
    ]);
  });

  it('a wrong header is a problem of the whole file naming each missing column', async () => {
    const job = await dryRun(Buffer.from('name,user\nMaya,maya\n'), 'people.csv');
    expect(job.status).toBe('invalid');
    expect(job.problems.map((problem) => [problem.row, problem.column])).toEqual(
      ['role', 'username', 'first_name', 'last_name', 'email', 'password', 'grade', 'classes'].map(
        (column) => [0, column],
      ),
    );
  });

  it('a sound template commits: a teacher teaches, students are enrolled, a class is made; again changes nothing', async () => {
    const file = templateCsv([
      ['teacher', 't.mbeki', 'Thandi', 'Mbeki', 't.mbeki@example.org', '', '', 'Class 5A;Class 5B'],
      ['student', 'lee.5a', 'Lee', 'Park', '', 'Maple-Tree-42', 'Grade 5', 'Class 5A'],
      [
        'student',
        cast.world.student.username,
        'Test',
        'student',
        '',
        '',
        '',
        `${cast.world.class.name};Class 5B`,
      ],
    ]);
    const first = await dryRun(file, 'roster.csv');
    expect(first.status, JSON.stringify(first.problems)).toBe('ready');
    expect(first.changes).toEqual({
      students: { created: 1, updated: 0, unchanged: 1 },
      teachers: { created: 1, updated: 0, unchanged: 0 },
      classes: { created: 2, updated: 0, unchanged: 1 },
      enrolments: { created: 4, updated: 0, unchanged: 1 },
    });
    expect(first.seats).toEqual({ needed: 1, free: 38 });
    expect((await commit(first.id)).status).toBe('committed');
    const [teacher] = await t.db.select().from(users).where(eq(users.username, 't.mbeki'));
    const taught = await t.db.select().from(classTeachers).where(eq(classTeachers.teacherId, teacher!.id));
    expect(taught).toHaveLength(2);
    await signIn(t, 'lee.5a', 'Maple-Tree-42');

    const before = await rosterCounts();
    const again = await dryRun(file, 'roster.csv');
    expect(again.changes).toEqual({
      students: { ...same, unchanged: 2 },
      teachers: { ...same, unchanged: 1 },
      classes: { ...same, unchanged: 3 },
      enrolments: { ...same, unchanged: 5 },
    });
    expect((await commit(again.id)).status).toBe('committed');
    expect(await rosterCounts()).toEqual(before);
  });
});

const person = (n: number, extra: Partial<OneRosterPerson> = {}): OneRosterPerson => ({
  sourcedId: `stu-${n}`,
  role: 'student',
  username: `or.student.${n}`,
  givenName: `Kid${n}`,
  familyName: 'Rivers',
  grades: '04',
  ...extra,
});

/** A school of the file: a teacher, an administrator (left aside), two classes and three students. */
const roster = (): OneRoster => ({
  users: [
    {
      sourcedId: 'tea-1',
      role: 'teacher',
      username: 'or.teacher',
      givenName: 'Ada',
      familyName: 'Stone',
      email: 'ada@example.org',
    },
    {
      sourcedId: 'adm-1',
      role: 'administrator',
      username: 'or.admin',
      givenName: 'Boss',
      familyName: 'Stone',
    },
    person(1, { password: 'Brook-Fish-77' }),
    person(2),
    person(3),
  ],
  classes: [
    { sourcedId: 'cls-1', title: 'Class 4B' },
    { sourcedId: 'cls-2', title: 'Class 4C' },
  ],
  enrollments: [
    { classSourcedId: 'cls-1', userSourcedId: 'tea-1', role: 'teacher' },
    { classSourcedId: 'cls-1', userSourcedId: 'stu-1', role: 'student' },
    { classSourcedId: 'cls-1', userSourcedId: 'stu-2', role: 'student' },
    { classSourcedId: 'cls-2', userSourcedId: 'stu-3', role: 'student' },
  ],
});

describe('OneRoster 1.1 zip', () => {
  it('commits classes, teachers, students and enrolments; the same zip again changes nothing', async () => {
    const zip = await oneRosterZip(roster());
    const job = await dryRun(zip, 'oneroster.zip', cast.token.head, cast.world.school.id);
    expect(job.format).toBe('oneroster');
    // Every row of the five files read: 2 orgs, 1 term, 5 people, 2 classes, 4 enrolments (RI1).
    expect(job.progress).toEqual({ done: 14, total: 14 });
    expect(job.status, JSON.stringify(job.problems)).toBe('ready');
    expect(job.changes).toEqual({
      students: { created: 3, updated: 0, unchanged: 0 },
      teachers: { created: 1, updated: 0, unchanged: 0 },
      classes: { created: 2, updated: 0, unchanged: 0 },
      enrolments: { created: 4, updated: 0, unchanged: 0 },
    });
    const done = await commit(job.id, cast.token.head);
    expect(done.status).toBe('committed');
    expect(done.finished_at).not.toBeNull();

    const [kid] = await t.db
      .select({ band: students.colourBandId, schoolId: users.schoolId, level: students.academicLevelId })
      .from(users)
      .innerJoin(students, eq(students.userId, users.id))
      .where(eq(users.username, 'or.student.1'));
    expect(kid).toMatchObject({ band: null, schoolId: cast.world.school.id });
    expect(kid!.level).not.toBeNull();
    expect(await t.db.select().from(users).where(eq(users.username, 'or.admin'))).toEqual([]);
    await signIn(t, 'or.student.1', 'Brook-Fish-77');
    const noPassword = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'or.student.2', password: 'anything-at-all' },
    });
    expect(noPassword.statusCode).toBe(401);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'roster_import'));
    expect(audit.at(-1)?.details).toMatchObject({ import_id: job.id });

    const before = await rosterCounts();
    const again = await dryRun(zip, 'oneroster.zip');
    expect(again.changes).toEqual({
      students: { ...same, unchanged: 3 },
      teachers: { ...same, unchanged: 1 },
      classes: { ...same, unchanged: 2 },
      enrolments: { ...same, unchanged: 4 },
    });
    expect((await commit(again.id)).status).toBe('committed');
    expect(await rosterCounts()).toEqual(before);
  });

  it('a changed zip updates a renamed student and class, adds a student, takes one out, never duplicates', async () => {
    const changed = roster();
    changed.users[2] = person(1, { givenName: 'Kidette', password: 'Other-Pass-99' });
    changed.users.push(person(4));
    changed.classes[0] = { sourcedId: 'cls-1', title: 'Class 4B (Mr Stone)' };
    changed.enrollments.push({ classSourcedId: 'cls-2', userSourcedId: 'stu-4', role: 'student' });
    changed.enrollments[2] = {
      classSourcedId: 'cls-1',
      userSourcedId: 'stu-2',
      role: 'student',
      status: 'tobedeleted',
    };
    const before = await rosterCounts();
    const job = await dryRun(await oneRosterZip(changed), 'oneroster.zip');
    expect(job.changes).toEqual({
      students: { created: 1, updated: 1, unchanged: 2 },
      teachers: { ...same, unchanged: 1 },
      classes: { created: 0, updated: 1, unchanged: 1 },
      enrolments: { created: 1, updated: 1, unchanged: 3 },
    });
    expect((await commit(job.id)).status).toBe('committed');
    expect(await rosterCounts()).toEqual({ ...before, users: before.users + 1 });
    const kids = await t.db.select().from(users).where(eq(users.username, 'or.student.1'));
    expect(kids.map((kid) => kid.firstName)).toEqual(['Kidette']);
    // The password of an account already there is never overwritten (RI5).
    await signIn(t, 'or.student.1', 'Brook-Fish-77');
    const [renamed] = await t.db.select().from(classes).where(eq(classes.name, 'Class 4B (Mr Stone)'));
    const [two] = await t.db.select().from(users).where(eq(users.username, 'or.student.2'));
    expect(
      await t.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.classId, renamed!.id), eq(enrolments.studentId, two!.id))),
    ).toEqual([]);
  });

  it('names enrolments and classes pointing nowhere', async () => {
    const broken = roster();
    broken.enrollments.push({ classSourcedId: 'cls-1', userSourcedId: 'nobody', role: 'student' });
    broken.enrollments.push({ classSourcedId: 'cls-9', userSourcedId: 'stu-1', role: 'student' });
    broken.classes.push({ sourcedId: 'cls-3', title: 'Elsewhere', schoolSourcedId: 'org-other' });
    broken.users.push(person(9, { username: 'or.twin' }), person(10, { username: 'or.twin' }));
    const job = await dryRun(await oneRosterZip(broken), 'oneroster.zip');
    expect(job.status).toBe('invalid');
    expect(job.problems).toEqual([
      {
        file: 'classes.csv',
        row: 4,
        column: 'schoolSourcedId',
        message: 'no school with this sourcedId in orgs.csv',
      },
      {
        file: 'enrollments.csv',
        row: 6,
        column: 'userSourcedId',
        message: 'no student or teacher with this sourcedId in users.csv',
      },
      {
        file: 'enrollments.csv',
        row: 7,
        column: 'classSourcedId',
        message: 'no class with this sourcedId in classes.csv',
      },
      {
        file: 'users.csv',
        row: 8,
        column: 'username',
        message: 'this username is given twice in this file (first on row 7)',
      },
    ]);
  });

  it('too few licence seats: the dry run says how many are left and the commit is refused', async () => {
    const outsiderOwner = await signIn(t, cast.outsider.owner.username);
    const before = await rosterCounts(cast.outsider.school.id);
    const theirs = roster();
    theirs.users = theirs.users.map((user) => ({ ...user, username: `out.${user.username}` }));
    const job = await dryRun(await oneRosterZip(theirs), 'oneroster.zip', outsiderOwner.access_token);
    expect(job.seats).toEqual({ needed: 3, free: null });
    expect(job.problems).toEqual([
      {
        file: 'oneroster.zip',
        row: 0,
        column: null,
        message: 'not enough licence seats: 0 seats left, 3 students to add',
      },
    ]);
    expectError(await commitRequest(job.id, outsiderOwner.access_token), 400);
    expect(await rosterCounts(cast.outsider.school.id)).toEqual(before);
  });

  it('two commits at once: one runs, the other is refused (RI7)', async () => {
    const twice = roster();
    twice.users = twice.users.map((user) => ({
      ...user,
      sourcedId: `twice-${user.sourcedId}`,
      username: `twice.${user.username}`,
    }));
    twice.classes = twice.classes.map((klass) => ({ ...klass, sourcedId: `twice-${klass.sourcedId}` }));
    twice.enrollments = twice.enrollments.map((enrolment) => ({
      ...enrolment,
      classSourcedId: `twice-${enrolment.classSourcedId}`,
      userSourcedId: `twice-${enrolment.userSourcedId}`,
    }));
    const job = await dryRun(await oneRosterZip(twice), 'twice.zip');
    expect(job.status, JSON.stringify(job.problems)).toBe('ready');
    const answers = await Promise.all([commitRequest(job.id), commitRequest(job.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 400]);
    expect((await settled(cast.token.owner, job.id)).status).toBe('committed');
    const made = await t.db.select().from(users).where(eq(users.username, 'twice.or.student.1'));
    expect(made).toHaveLength(1);
  });

  it('a committed import is not committed again', async () => {
    const job = await dryRun(await oneRosterZip(roster()), 'oneroster.zip');
    await commit(job.id);
    const again = await commitRequest(job.id);
    expectError(again, 400);
    expect(again.json().error.message).toBe('This import is already committed.');
  });
});

describe('files that are not rosters', () => {
  it('an empty file is a 400 naming the file', async () => {
    expectError(await upload(cast.token.owner, Buffer.alloc(0), 'empty.csv'), 400, 'file');
  });

  it('a file over the server’s usual 30 MB is taken up to 50 MB; a larger one is a 413 naming the file', async () => {
    const big = Buffer.alloc(31 * 1024 * 1024, 'a,b\n');
    const job = await dryRun(big, 'big.csv');
    expect(job.problems[0]).toEqual({
      file: 'big.csv',
      row: 0,
      column: 'role',
      message: 'this column is missing',
    });
    const tooBig = Buffer.alloc(ROSTER_FILE_MAX_BYTES + 1, 'a,b\n');
    expectError(await upload(cast.token.owner, tooBig, 'huge.csv'), 413, 'file');
  });

  it('random bytes are read as a template without its header', async () => {
    const job = await dryRun(randomBytes(4096), 'noise.bin');
    expect(job.status).toBe('invalid');
    expect(job.problem_count).toBeGreaterThan(0);
  });

  it('a zip that is cut off, or misses a file, is a problem of the whole file', async () => {
    const zip = await oneRosterZip(roster());
    const cut = await dryRun(zip.subarray(0, 200), 'cut.zip');
    expect(cut.problems).toEqual([
      expect.objectContaining({
        file: 'cut.zip',
        row: 0,
        message: expect.stringMatching(/^is not a readable zip file/),
      }),
    ]);
    const missing = await dryRun(
      await oneRosterZip({ ...roster(), without: ['enrollments.csv'] }),
      'part.zip',
    );
    expect(missing.problems).toEqual([
      { file: 'enrollments.csv', row: 0, column: null, message: 'is missing from the zip' },
    ]);
  });

  it('a zip declaring a huge file is refused unread', async () => {
    const zip = await oneRosterZip(roster());
    const bomb = withDeclaredSize(zip, 'users.csv', 0xfffffff0);
    const job = await dryRun(bomb, 'bomb.zip');
    expect(job.problems).toContainEqual({
      file: 'users.csv',
      row: 0,
      column: null,
      message: 'is larger than 500 MB unpacked',
    });
  });
});

/** The zip with `name`'s uncompressed size in the central directory changed (what a zip bomb declares). */
function withDeclaredSize(zip: Buffer, name: string, size: number) {
  const patched = Buffer.from(zip);
  for (let at = patched.indexOf('PK\x01\x02'); at !== -1; at = patched.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = patched.readUInt16LE(at + 28);
    if (patched.toString('utf8', at + 46, at + 46 + nameLength) === name)
      patched.writeUInt32LE(size, at + 24);
  }
  return patched;
}

describe('a job whose server stopped', () => {
  it('an import not moved for minutes ends failed in words; a running one is left alone', async () => {
    const job = (status: 'validating' | 'committing', minutesAgo: number) =>
      t.db
        .insert(rosterImports)
        .values({
          schoolId: cast.world.school.id,
          fileName: 'left.zip',
          format: 'oneroster',
          status,
          updatedAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning();
    const [[left], [running]] = await Promise.all([job('committing', 10), job('validating', 1)]);
    const read = async (id: number) =>
      (
        await t.request({ method: 'GET', url: `/api/v1/roster/imports/${id}`, token: cast.token.owner })
      ).json<Job>();
    expect(await read(left!.id)).toMatchObject({
      status: 'failed',
      error: 'The server stopped during the import: upload the file again.',
    });
    expect((await read(running!.id)).status).toBe('validating');
    expectError(await commitRequest(left!.id), 400);
  });
});

describe('the latest imports', () => {
  const list = (token: string | undefined, query = '') =>
    t.request({ method: 'GET', url: `/api/v1/roster/imports${query}`, token });

  it('newest first, of the schools in scope only, without their problems', async () => {
    const outsiderOwner = await signIn(t, cast.outsider.owner.username);
    const theirs = await dryRun(templateCsv([]), 'theirs.csv', outsiderOwner.access_token);
    const ours = await dryRun(templateCsv([['pupil', 'x.pupil', 'X', 'Pupil', '', '', '', '']]), 'ours.csv');
    const response = await list(cast.token.owner);
    expect(response.statusCode).toBe(200);
    const { imports } = response.json<{ imports: (Job & { problems?: unknown })[] }>();
    expect(imports[0]).toMatchObject({
      id: ours.id,
      file_name: 'ours.csv',
      status: 'invalid',
      problem_count: 1,
    });
    expect(imports[0]!.problems).toBeUndefined();
    expect(imports.map((job) => job.id)).not.toContain(theirs.id);
    expect(new Set(imports.map((job) => job.school_id))).toEqual(new Set([cast.world.school.id]));
    const district = await list(cast.token.head, `?school_id=${cast.world.school.id}`);
    expect(district.json<{ imports: Job[] }>().imports[0]!.id).toBe(ours.id);
  });

  it('401 without a session, 403 for teachers, 404 for a school of another district', async () => {
    expectError(await list(undefined), 401);
    expectError(await list(cast.token.teacher), 403);
    expectError(await list(cast.token.head, `?school_id=${cast.outsider.school.id}`), 404);
  });
});

/** One account edited, disabled or given a new password by owners and department heads (docs/rules.md M10, LP3). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { ManagedUser } from '@readalong/contracts';
import { TEST_PASSWORD, createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { accountLocks, auditLog, licencePacks, sessions, students, users } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp(); // the clock reads 2026-09-15; the school has 2 students and no licence seats
  cast = await signedInCast(t);
});
afterAll(() => t.close());

const home = () => ({ districtId: cast.world.district.id, schoolId: cast.world.school.id });
const newStudent = (extra: Partial<typeof users.$inferInsert> = {}) =>
  t.factories.student(home(), cast.world.class.id, extra);
const newTeacher = () => t.factories.user('teacher', home());

const patch = (id: number, token: string | undefined, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/v1/user-management/users/${id}`, token, payload });
const resetPassword = (id: number, token: string | undefined, payload: object = {}) =>
  t.request({ method: 'POST', url: `/api/v1/user-management/users/${id}/password`, token, payload });
const login = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/login', payload: { username, password } });
const validate = (token: string) => t.request({ method: 'GET', url: '/api/validate', token });
const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
/** The school's enabled students: the seats they take (LP2). */
const seatsTaken = async () => {
  const [row] = await t.db
    .select({ n: count() })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.schoolId, cast.world.school.id), eq(users.isDisabled, false)));
  return row!.n;
};

describe('PATCH /v1/user-management/users/{id}', () => {
  it('climbs the ladder: 401, 400, 403 for teachers and students, 404 beyond the caller’s reach', async () => {
    const pupil = cast.classmate.id;
    expectError(await patch(pupil, undefined, { first_name: 'X' }), 401);
    expectError(await patch(pupil, cast.token.owner, {}), 400);
    expectError(await patch(pupil, cast.token.owner, { password: 'not-here-1' }), 400, 'body.password');
    expectError(await patch(pupil, cast.token.teacher, { first_name: 'X' }), 403);
    expectError(await patch(pupil, cast.token.student, { first_name: 'X' }), 403);
    expectError(await patch(cast.outsider.teacher.id, cast.token.owner, { first_name: 'X' }), 404);
    expectError(await patch(cast.outsider.student.id, cast.token.head, { first_name: 'X' }), 404);
    // A department head belongs to the district, not a school: out of an owner's reach (A3).
    expectError(await patch(cast.world.head.id, cast.token.owner, { disabled: true }), 404);
    expect((await stored(cast.world.head.id)).isDisabled).toBe(false);
  });

  it('refuses the caller’s own account', async () => {
    const error = expectError(
      await patch(cast.world.owner.id, cast.token.owner, { disabled: true }),
      400,
      'params.id',
    );
    expect(error.fields!['params.id']).toContain('profile');
    expect((await stored(cast.world.owner.id)).isDisabled).toBe(false);
  });

  it('edits names, username and a staff email, and answers the account as the staff list shows it', async () => {
    const teacher = await newTeacher();
    const response = await patch(teacher.id, cast.token.owner, {
      first_name: ' Ana ',
      last_name: 'Ruiz',
      username: 'Ana.Ruiz',
      email: 'ana.ruiz@school.example',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ManagedUser.parse(response.json())).toEqual({
      id: teacher.id,
      username: 'ana.ruiz',
      first_name: 'Ana',
      last_name: 'Ruiz',
      email: 'ana.ruiz@school.example',
      login_role: 'teacher',
      school_id: cast.world.school.id,
      disabled: false,
    });
    expect((await login('ana.ruiz', TEST_PASSWORD)).statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.update'), eq(auditLog.targetId, String(teacher.id))));
    expect(audit).toMatchObject({ actorId: cast.world.owner.id });
    expect(audit!.details.fields).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'username', 'email']),
    );
  });

  it('refuses a username taken in another case, but lets an account keep its own', async () => {
    await t.factories.user('teacher', home(), { username: 'Taken.Name' });
    const teacher = await t.factories.user('teacher', home(), { username: 'Mixed.Case' });
    const error = expectError(
      await patch(teacher.id, cast.token.owner, { username: 'TAKEN.name', first_name: 'Changed' }),
      400,
      'body.username',
    );
    expect(error.fields!['body.username']).toContain('already taken');
    expect((await stored(teacher.id)).firstName).not.toBe('Changed');
    expect((await patch(teacher.id, cast.token.owner, { username: 'mixed.case' })).json()).toMatchObject({
      username: 'mixed.case',
    });
  });

  it('two renames to one name at once: one wins, the other is told the name is taken', async () => {
    const [first, second] = [await newTeacher(), await newTeacher()];
    const answers = await Promise.all(
      [first, second].map((teacher) => patch(teacher.id, cast.token.owner, { username: 'same.name' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(expectError(refused, 400, 'body.username').fields!['body.username']).toContain('already taken');
  });

  it('an email only for staff, and staff keep one', async () => {
    const pupil = await newStudent();
    expectError(await patch(pupil.id, cast.token.owner, { email: 'kid@home.example' }), 400, 'body.email');
    expect((await patch(pupil.id, cast.token.owner, { email: null })).statusCode).toBe(200);
    const teacher = await newTeacher();
    expectError(await patch(teacher.id, cast.token.owner, { email: null }), 400, 'body.email');
    expect((await stored(teacher.id)).email).toBe(teacher.email);
  });

  it('disabling a student ends their sessions at once; the lists show them disabled', async () => {
    const pupil = await newStudent();
    const session = await signIn(t, pupil.username);
    const response = await patch(pupil.id, cast.token.owner, { disabled: true });
    expect(response.json()).toMatchObject({ id: pupil.id, disabled: true });
    expect(expectError(await validate(session.access_token), 401).message).toBe('account is disabled');
    const refresh = await t.request({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(expectError(refresh, 401).message).toBe('account is disabled');
    const [ended] = await t.db.select().from(sessions).where(eq(sessions.userId, pupil.id));
    expect(ended).toMatchObject({ revokedReason: 'disabled', revokedAt: expect.any(Date) });
    expect(expectError(await login(pupil.username, TEST_PASSWORD), 401).message).toBe('account is disabled');
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/students?search=${pupil.username}`,
      token: cast.token.owner,
    });
    expect(list.json()).toMatchObject({ students: [{ student_id: pupil.id, disabled: true }] });
  });

  it('a department head disables and enables staff of the district; the staff list shows it', async () => {
    const teacher = await newTeacher();
    const session = await signIn(t, teacher.username);
    await patch(teacher.id, cast.token.head, { disabled: true });
    expect(expectError(await validate(session.access_token), 401).message).toBe('account is disabled');
    const staffList = async () =>
      (await t.request({ method: 'GET', url: '/api/v1/teacher', token: cast.token.owner })).json<{
        teacher: { id: number; disabled: boolean }[];
      }>().teacher;
    expect((await staffList()).find((row) => row.id === teacher.id)).toMatchObject({ disabled: true });
    expect((await patch(teacher.id, cast.token.head, { disabled: false })).json()).toMatchObject({
      disabled: false,
    });
    expect((await staffList()).find((row) => row.id === teacher.id)).toMatchObject({ disabled: false });
    expect((await login(teacher.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('enabling a student takes a licence seat: refused past the seats, with nothing changed (LP3)', async () => {
    const pupil = await newStudent({ isDisabled: true });
    const error = expectError(
      await patch(pupil.id, cast.token.owner, { disabled: false, first_name: 'Changed' }),
      400,
      'body.disabled',
    );
    expect(error.fields!['body.disabled']).toBe('not enough licence seats: 0 seats left, 1 student to add');
    expect(await stored(pupil.id)).toMatchObject({ isDisabled: true, firstName: pupil.firstName });

    await t.db.insert(licencePacks).values({
      schoolId: cast.world.school.id,
      name: 'Exactly full after one more',
      seats: (await seatsTaken()) + 1,
      startsOn: '2026-09-01',
      endsOn: '2027-08-31',
    });
    expect((await patch(pupil.id, cast.token.owner, { disabled: false })).json()).toMatchObject({
      disabled: false,
    });
    expect((await login(pupil.username, TEST_PASSWORD)).statusCode).toBe(200);
    const another = await newStudent({ isDisabled: true });
    expectError(await patch(another.id, cast.token.owner, { disabled: false }), 400, 'body.disabled');
  });

  it('two students enabled at once for the last seat: only one gets it (LP3)', async () => {
    const pair = [await newStudent({ isDisabled: true }), await newStudent({ isDisabled: true })];
    await t.db.insert(licencePacks).values({
      schoolId: cast.world.school.id,
      name: 'One more seat',
      seats: 1,
      startsOn: '2026-09-01',
      endsOn: '2027-08-31',
    });
    const answers = await Promise.all(
      pair.map((pupil) => patch(pupil.id, cast.token.owner, { disabled: false })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const enabled = await Promise.all(pair.map(async (pupil) => !(await stored(pupil.id)).isDisabled));
    expect(enabled.filter(Boolean)).toHaveLength(1);
  });
});

describe('POST /v1/user-management/users/{id}/password', () => {
  it('climbs the ladder: 401, 400, 403, 404; never the caller’s own', async () => {
    const pupil = cast.classmate.id;
    expectError(await resetPassword(pupil, undefined), 401);
    expectError(await resetPassword(pupil, cast.token.owner, { password: 'short' }), 400, 'body.password');
    expectError(await resetPassword(pupil, cast.token.teacher), 403);
    expectError(await resetPassword(pupil, cast.token.student), 403);
    expectError(await resetPassword(cast.outsider.student.id, cast.token.owner), 404);
    expectError(await resetPassword(cast.world.head.id, cast.token.owner), 404);
    expectError(await resetPassword(cast.world.head.id, cast.token.head), 400, 'params.id');
  });

  it('gives a student the password given: old sessions end, the new password signs in', async () => {
    const pupil = await newStudent();
    const session = await signIn(t, pupil.username);
    const response = await resetPassword(pupil.id, cast.token.owner, { password: 'new reading 42' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ initial_password: null, link_sent_to: null });
    expect(expectError(await validate(session.access_token), 401).message).toBe('password has been changed');
    expectError(await login(pupil.username, TEST_PASSWORD), 401);
    expect((await signIn(t, pupil.username, 'new reading 42')).user_id).toBe(pupil.id);
  });

  it('lets a locked-out student in again with a generated password, shown once', async () => {
    const pupil = await newStudent();
    for (let attempt = 0; attempt < 10; attempt++)
      expectError(await login(pupil.username, 'wrong guess'), 401);
    expectError(await login(pupil.username, TEST_PASSWORD), 429);
    const teacher = await signIn(t, cast.world.teacher.username);
    await t.request({
      method: 'PUT',
      url: '/api/lock',
      token: teacher.access_token,
      payload: { username: pupil.username },
    });
    const response = await resetPassword(pupil.id, cast.token.head);
    const { initial_password: generated } = response.json<{ initial_password: string }>();
    expect(generated).toMatch(/^[a-hjkmnp-zA-HJ-NP-Z2-9]{10}$/); // M7's alphabet
    expect(await t.db.select().from(accountLocks).where(eq(accountLocks.userId, pupil.id))).toEqual([]);
    expect((await signIn(t, pupil.username, generated)).user_id).toBe(pupil.id);
  });

  it('mails staff a link to choose a password; theirs stops working, and a given one is refused', async () => {
    const teacher = await newTeacher();
    const session = await signIn(t, teacher.username);
    expectError(
      await resetPassword(teacher.id, cast.token.owner, { password: 'chosen for you' }),
      400,
      'body.password',
    );
    expect((await validate(session.access_token)).statusCode).toBe(200);

    const response = await resetPassword(teacher.id, cast.token.owner);
    expect(response.json()).toEqual({ initial_password: null, link_sent_to: teacher.email });
    expect(expectError(await validate(session.access_token), 401).message).toBe('password has been changed');
    expectError(await login(teacher.username, TEST_PASSWORD), 401);
    const mail = (await t.outbox()).findLast((text) => text.includes(`To: ${teacher.email}`))!;
    expect(mail).toContain('administrator reset the password');
    const key = /reset-password\/([\w-]+)/.exec(mail.replace(/=\r?\n/g, ''))![1]!;
    const change = await t.request({
      method: 'POST',
      url: `/api/password/change-unsigned/${key}`,
      payload: { new_password: 'my own choice 9' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await signIn(t, teacher.username, 'my own choice 9')).user_id).toBe(teacher.id);
  });

  it('when the mail cannot be sent, nothing changes: the staff member still signs in', async () => {
    const teacher = await newTeacher();
    const failing = vi.spyOn(t.deps.mail, 'send').mockRejectedValue(new Error('SMTP 421 try later'));
    try {
      expectError(await resetPassword(teacher.id, cast.token.owner), 503);
    } finally {
      failing.mockRestore();
    }
    expect((await signIn(t, teacher.username)).user_id).toBe(teacher.id);
  });
});

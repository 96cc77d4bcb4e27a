/** Set-up from nothing: a district, a school, a department head mailed a set-password link (docs/rules.md O16). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setUpDistrict } from './setup-district.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const input = {
  district: 'North District',
  school: 'Hill Primary',
  name: 'Ada King Lovelace',
  email: 'Ada@Example.org',
};

describe('setUpDistrict', () => {
  it('creates the district, school, head and a first licence; the mailed link sets the password', async () => {
    const made = await setUpDistrict(t.deps, { ...input, licence: { seats: '120', until: '2027-08-31' } });
    expect(made.head).toMatchObject({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'King Lovelace',
      role: 'department_head',
    });
    expect(made.pack).toMatchObject({ seats: 120, startsOn: '2026-09-15', endsOn: '2027-08-31' });
    const [mail] = await t.outbox();
    expect(mail).toContain('To: Ada@example.org');
    const key = /reset-password\/([\w-]+)/.exec(mail!.replace(/=\r?\n/g, ''))![1]!;
    const changed = await t.request({
      method: 'POST',
      url: `/api/password/change-unsigned/${key}`,
      payload: { new_password: 'a long new password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const login = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ada', password: 'a long new password' },
    });
    expect(login.json()).toMatchObject({ login_role: 'department_head' });
  });

  it('refuses a username or email taken, writing nothing', async () => {
    await expect(
      setUpDistrict(t.deps, { ...input, district: 'Second', username: 'ada.two' }),
    ).rejects.toThrow(
      'an account with username ada.two or email Ada@Example.org exists already: nothing was created',
    );
    await expect(setUpDistrict(t.deps, { ...input, email: 'not an email' })).rejects.toThrow('--email:');
    expect(await t.outbox()).toHaveLength(1);
  });
});

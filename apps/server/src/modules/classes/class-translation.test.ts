import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expectError } from '../../../test/ladder.js';
import { signIn } from '../../../test/app.js';
import { classes } from '../../db/schema/index.js';
import { useSignedInCast } from './class-test-setup.js';

const setup = useSignedInCast();
const url = (classId: number | string) => `/api/v1/classes/${classId}/config/translation`;
const read = (classId: number | string, token?: string) =>
  setup.t.request({ method: 'GET', url: url(classId), token });
const write = (classId: number | string, payload: object, token?: string) =>
  setup.t.request({ method: 'POST', url: url(classId), token, payload });
const storedLanguage = async (classId: number) =>
  (await setup.t.db.select().from(classes).where(eq(classes.id, classId)))[0]!.translationTargetLang;

describe('GET and POST /v1/classes/{id}/config/translation', () => {
  it('starts off; a teacher sets Spanish, the class’s student reads it, and null turns it off', async () => {
    const { world, token } = setup.cast;
    const classId = world.class.id;
    expect((await read(classId, token.teacher)).json()).toEqual({
      class_id: classId,
      target_lang: null,
      available: false,
    });
    const set = await write(classId, { target_lang: 'es' }, token.teacher);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ class_id: classId, target_lang: 'es' });
    expect(await storedLanguage(classId)).toBe('es');
    for (const who of [token.student, token.classmate, token.owner, token.head]) {
      const seen = await read(classId, who);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toMatchObject({ target_lang: 'es' });
    }
    expect((await write(classId, { target_lang: null }, token.owner)).json()).toMatchObject({
      target_lang: null,
    });
    expect(await storedLanguage(classId)).toBeNull();
  });

  it('another school’s class, a student of another class: 404, and nothing changes', async () => {
    const { world, outsider, token } = setup.cast;
    const place = { districtId: world.district.id, schoolId: world.school.id };
    const [otherClass] = await setup.t.db
      .insert(classes)
      .values({ ...place, name: 'Room 9', translationTargetLang: 'fr' })
      .returning();
    const otherStudent = await setup.t.factories.student(place, otherClass!.id);
    const otherToken = (await signIn(setup.t, otherStudent.username)).access_token;
    expectError(await read(world.class.id, otherToken), 404);
    expectError(await read(otherClass!.id, token.student), 404);
    expectError(await read(outsider.class.id, token.teacher), 404);
    expectError(await read(world.class.id, token.outsider), 404);
    expectError(await write(outsider.class.id, { target_lang: 'de' }, token.head), 404);
    expectError(await write(world.class.id, { target_lang: 'de' }, token.outsider), 404);
    expect(await storedLanguage(outsider.class.id)).toBeNull();
    // A teacher of the school who does not teach the class does not see it either (A5).
    expectError(await write(otherClass!.id, { target_lang: 'de' }, token.teacher), 404);
    expect(await storedLanguage(otherClass!.id)).toBe('fr');
  });

  it('401 without a session, 403 for a student setting it, 400 naming a language not offered', async () => {
    const { world, token } = setup.cast;
    expectError(await read(world.class.id), 401);
    expectError(await write(world.class.id, { target_lang: 'es' }), 401);
    expectError(await write(world.class.id, { target_lang: 'es' }, token.student), 403);
    for (const bad of [{ target_lang: 'xx' }, { target_lang: 'ES' }, { target_lang: 7 }, {}]) {
      const error = expectError(await write(world.class.id, bad, token.teacher), 400, 'body.target_lang');
      expect(JSON.stringify(error.fields)).toMatch(/choose one of the languages offered: ar, zh/);
    }
    expectError(
      await write(world.class.id, { target_lang: 'es', extra: 1 }, token.teacher),
      400,
      'body.extra',
    );
    expectError(await read('x', token.teacher), 400, 'params.id');
  });

  it('a stored language no longer offered reads as off', async () => {
    const { world, token } = setup.cast;
    await setup.t.db
      .update(classes)
      .set({ translationTargetLang: 'eo' })
      .where(eq(classes.id, world.class.id));
    expect((await read(world.class.id, token.student)).json()).toMatchObject({ target_lang: null });
  });
});

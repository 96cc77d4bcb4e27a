/** A class's students exported as CSV for a spreadsheet (docs/rules.md M9). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuilderType } from '@readalong/contracts';
import { recordings } from '../../db/schema/index.js';
import { createTestApp, signedInCast, signIn, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let classId: number;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  const made = await t.request({
    method: 'POST',
    url: '/api/v1/classes',
    token: cast.token.teacher,
    payload: { name: 'Élan 3B' },
  });
  classId = made.json<{ id: number }>().id;
  const place = { districtId: cast.world.district.id, schoolId: cast.world.school.id };
  const noBand = { seriesId: null, colourBandId: null };
  await t.factories.student(
    place,
    classId,
    { username: 'minus.export', firstName: '-5', lastName: 'Adams' },
    noBand,
  );
  await t.factories.student(place, classId, {
    username: 'hyper.export',
    firstName: '=HYPERLINK("x")',
    lastName: 'Brown',
  });
  await t.factories.student(
    place,
    classId,
    { username: 'mary.export', firstName: 'Mary, "May"', lastName: 'Clark' },
    noBand,
  );
  const ada = await t.factories.student(
    place,
    classId,
    { username: 'ada.export', firstName: 'Ada', lastName: 'Lovelace' },
    { seriesId: 6, colourBandId: 5 },
  );

  // Books: two completed power builders; an unfinished one and a completed skill builder do not count.
  const book = () => t.factories.passage();
  const done = { worksheetCompleted: true, completedAt: at('2026-09-10T09:00:00Z') };
  const read = await t.factories.worksheet(ada, (await book()).id, done);
  await t.factories.worksheet(ada, (await book()).id, done);
  await t.factories.worksheet(ada, (await book()).id);
  const skill = await t.factories.passage({ builderTypeId: BuilderType.SkillBuilder });
  await t.factories.worksheet(ada, skill.id, done);

  // Speed: the newest read-aloud recording with a WPM; practice and unanalysed takes are passed over.
  const recording = {
    worksheetId: read.id,
    studentId: ada.id,
    schoolId: place.schoolId,
    districtId: place.districtId,
    mimeType: 'audio/webm',
    sizeBytes: 10,
    durationMs: 1000,
  };
  await t.db.insert(recordings).values([
    { ...recording, wpm: 40, wcpm: 38, createdAt: at('2026-09-01T09:00:00Z') },
    { ...recording, wpm: 52.4, wcpm: 50.6, createdAt: at('2026-09-02T09:00:00Z') },
    { ...recording, wpm: 99, wcpm: 99, isPractice: true, createdAt: at('2026-09-03T09:00:00Z') },
    { ...recording, createdAt: at('2026-09-04T09:00:00Z') },
  ]);
});
afterAll(() => t.close());

const exportOf = (token: string | undefined, id: number | string = classId) =>
  t.request({ method: 'GET', url: `/api/v1/classes/${id}/export`, token });

describe('GET /v1/classes/{id}/export', () => {
  it('a CSV of the class by last name: formulas defused, commas and quotes quoted, BOM and CRLF', async () => {
    const response = await exportOf(cast.token.teacher);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="_lan 3B-students.csv"; filename*=UTF-8''%C3%89lan%203B-students.csv`,
    );
    expect(response.body).toBe(
      '\uFEFFName,Username,Level,Latest WPM,Latest WCPM,Books completed\r\n' +
        "'-5 Adams,minus.export,No band yet,,,0\r\n" +
        '"\'=HYPERLINK(""x"") Brown",hyper.export,"Red band, series BR",,,0\r\n' +
        '"Mary, ""May"" Clark",mary.export,No band yet,,,0\r\n' +
        'Ada Lovelace,ada.export,"Orange band, series BR",52,51,2\r\n',
    );
  });

  it('the owner of its school and the head of its district export it too', async () => {
    for (const token of [cast.token.owner, cast.token.head])
      expect((await exportOf(token)).statusCode).toBe(200);
  });

  it('401 without a session, 400 naming a bad id, 403 for a student, 404 for another school’s class', async () => {
    expectError(await exportOf(undefined), 401);
    expectError(await exportOf(cast.token.teacher, 'abc'), 400, 'params.id');
    expectError(await exportOf(cast.token.student), 403);
    expectError(await exportOf(cast.token.outsider), 404);
    const otherOwner = (await signIn(t, cast.outsider.owner.username)).access_token;
    expectError(await exportOf(otherOwner), 404);
    expectError(await exportOf(cast.token.owner, 999_999), 404);
  });
});

/**
 * Audio retention (RA13): past its district's retention a recording loses its audio,
 * never its marks, figures or comment; within it, or under another district's setting, it keeps it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Recording } from '@readalong/contracts';
import { districts, recordings } from '../../db/schema/index.js';
import { createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { audioRetention, createAudioRetention } from './retention.js';
import { encodeWav } from '../../platform/wav.js';

let t: TestApp;
let passageId: number;
type World = Awaited<ReturnType<TestApp['factories']['school']>>;
let near: World;
let far: World;

const DAY = 24 * 60;

beforeAll(async () => {
  t = await createTestApp();
  near = await t.factories.school();
  far = await t.factories.school();
  passageId = (await t.factories.passage()).id;
});
afterAll(() => t.close());

/** A real WAV of a 440 Hz tone. */
const wav = (seconds: number, sampleRate = 8000): Buffer =>
  encodeWav(
    Float32Array.from(
      { length: Math.round(seconds * sampleRate) },
      (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / sampleRate),
    ),
    sampleRate,
  );

const BOUNDARY = '----readalong-retention';
function form(file: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="duration_ms"\r\n\r\n6000\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="take.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A student of the world records a reading now (by the test clock); tokens are fresh whatever the clock did. */
async function recorded(world: World) {
  const worksheet = await t.factories.worksheet(world.student, passageId);
  const { access_token } = await signIn(t, world.student.username);
  const response = await t.request({
    method: 'POST',
    url: `/api/v1/worksheets/${worksheet.id}/recording`,
    token: access_token,
    ...form(wav(6)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { worksheetId: worksheet.id, recording: Recording.parse(response.json()) };
}

async function rowOf(id: number) {
  const [row] = await t.db.select().from(recordings).where(eq(recordings.id, id));
  return row!;
}
const fileOf = (key: string) => path.join(t.deps.config.dataDir, 'files', key);

async function listedBy(world: World, worksheetId: number) {
  const { access_token } = await signIn(t, world.teacher.username);
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/worksheets/${worksheetId}/recording`,
    token: access_token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ recordings: Recording[] }>().recordings[0]!;
}

const sweep = () => audioRetention(t.deps).sweep();
/** Earlier tests' recordings: let them pass retention and go, so counts are this test's own. */
async function clearBacklog() {
  t.clock.advanceMinutes(400 * DAY);
  await sweep();
}

describe('audio retention', () => {
  it('deletes the audio past the district’s retention and keeps marks, figures and comment', async () => {
    await t.db.update(districts).set({ audioRetentionDays: 30 }).where(eq(districts.id, far.district.id));
    const old = await recorded(near);
    const farOld = await recorded(far);

    // The teacher reviews the near recording: trim confirmed, two mistakes, a comment.
    const { access_token: teacher } = await signIn(t, near.teacher.username);
    const id = old.recording.id;
    const review = [
      {
        method: 'PATCH',
        url: `/api/v1/worksheets/recording/${id}`,
        payload: { start_time: 1, end_time: 5, submit: true },
      },
      {
        method: 'PUT',
        url: `/api/v1/worksheets/recording/${id}/mistakes`,
        payload: {
          mistakes: [
            { word_index: 1, type: 1 },
            { word_index: 4, type: 2 },
          ],
        },
      },
      {
        method: 'PATCH',
        url: `/api/v1/worksheets/recording/${id}/comment`,
        payload: { comment: 'Well read!' },
      },
    ] as const;
    for (const call of review) {
      const response = await t.request({ ...call, token: teacher });
      expect(response.statusCode, response.body).toBe(200);
    }
    const reviewed = await listedBy(near, old.worksheetId);
    expect(reviewed.wpm).not.toBeNull();
    const oldKey = (await rowOf(id)).fileKey!;
    const farKey = (await rowOf(farOld.recording.id)).fileKey!;

    // 31 days on: past the far district's 30 days, well within the near district's 365.
    t.clock.advanceMinutes(31 * DAY);
    const recent = await recorded(near);
    expect(await sweep()).toEqual({ deleted: 1, failed: 0 });
    expect(existsSync(fileOf(farKey))).toBe(false);
    expect(await rowOf(farOld.recording.id)).toMatchObject({ fileKey: null, audioDeletedAt: t.clock.now() });
    expect(existsSync(fileOf(oldKey))).toBe(true);
    expect((await listedBy(near, old.worksheetId)).file_url).toMatch(/signature=/);

    // 366 days after the first recording: its audio goes; the one made 31 days later stays.
    t.clock.advanceMinutes(335 * DAY);
    expect(await sweep()).toEqual({ deleted: 1, failed: 0 });
    expect(existsSync(fileOf(oldKey))).toBe(false);
    expect(await t.deps.storage.open(oldKey)).toBeNull();
    const after = await listedBy(near, old.worksheetId);
    expect(after.file_url).toBeNull();
    expect(after).toEqual({ ...reviewed, file_url: null });
    const { access_token: teacherAgain } = await signIn(t, near.teacher.username);
    const mistakes = await t.request({
      method: 'GET',
      url: `/api/v1/worksheets/recording/${id}/mistakes`,
      token: teacherAgain,
    });
    expect(mistakes.json()).toMatchObject({
      num_mistakes: 2,
      mistakes: [{ word_index: 1 }, { word_index: 4 }],
    });
    expect((await listedBy(near, recent.worksheetId)).file_url).toMatch(/signature=/);

    // Idempotent: nothing left to do.
    expect(await sweep()).toEqual({ deleted: 0, failed: 0 });
  });

  it('works in batches, and a file that cannot be deleted is logged, kept for the next sweep, the others go on', async () => {
    await clearBacklog();
    const made = [await recorded(near), await recorded(near), await recorded(near)];
    const keys = await Promise.all(made.map(async ({ recording }) => (await rowOf(recording.id)).fileKey!));
    t.clock.advanceMinutes(400 * DAY);
    const stuck = keys[1]!;
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const flaky = createAudioRetention({
      ...t.deps,
      storage: {
        ...t.deps.storage,
        remove: async (key) => {
          if (key === stuck) throw new Error('the disk is unwell');
          return t.deps.storage.remove(key);
        },
      },
    });
    expect(await flaky.sweep(log, 1)).toEqual({ deleted: 2, failed: 1 });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ recordingId: made[1]!.recording.id }),
      expect.stringContaining('could not be deleted'),
    );
    expect((await rowOf(made[1]!.recording.id)).fileKey).toBe(stuck);
    expect(existsSync(fileOf(stuck))).toBe(true);
    for (const index of [0, 2]) expect((await rowOf(made[index]!.recording.id)).fileKey).toBeNull();

    expect(await sweep()).toEqual({ deleted: 1, failed: 0 });
    expect(existsSync(fileOf(stuck))).toBe(false);
  });

  it('runs at start and every hour until the app closes', async () => {
    const retention = createAudioRetention(t.deps);
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await clearBacklog();
    const { recording } = await recorded(near);
    t.clock.advanceMinutes(400 * DAY);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      retention.start(log, 60 * 60 * 1000);
      await retention.stop(); // waits for the sweep at start
      expect((await rowOf(recording.id)).fileKey).toBeNull();
      expect(log.info).toHaveBeenCalledWith({ deleted: 1, failed: 0 }, 'audio retention: swept');
      expect(vi.getTimerCount()).toBe(0);

      const next = await recorded(near);
      t.clock.advanceMinutes(400 * DAY);
      retention.start(log, 60 * 60 * 1000);
      await retention.stop();
      expect((await rowOf(next.recording.id)).fileKey).toBeNull();
      retention.start(log, 60 * 60 * 1000);
      expect(vi.getTimerCount()).toBe(1);
      await retention.idle(); // the sweep at start: nothing to do
      const third = await recorded(near);
      t.clock.advanceMinutes(400 * DAY);
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      await retention.stop();
      expect((await rowOf(third.recording.id)).fileKey).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { AlertType, COINS, MistakeType, Recording } from '@readalong/contracts';
import {
  alerts,
  goals,
  notifications,
  recordingActivityLogs,
  recordings,
  students,
  worksheets,
} from '../../db/schema/index.js';
import {
  backgroundTalk,
  makeRecording,
  syntheticSpeech,
  type Recording as GeneratedRecording,
} from '../../platform/speech-bounds.fixtures.js';
import { MAX_WAITING_ANALYSES, analyses } from './audio.js';
import { runProgram } from '../../platform/run-program.js';
import { encodeWav } from '../../platform/wav.js';
import { createTestApp, signIn, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
/** 'Sam has a new kite. The kite gets stuck in a tree. Dad helps Sam.': 15 words. */
let passage: Awaited<ReturnType<TestApp['factories']['passage']>>;
const WORDS = 15;

const HAS_FFMPEG = await Promise.all([
  runProgram('ffprobe', ['-version']),
  runProgram('ffmpeg', ['-version']),
]).then(
  () => true,
  () => false,
);

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  passage = await t.factories.passage();
});
afterAll(() => t.close());

/** A real WAV: 16-bit mono PCM of a 440 Hz tone. */
function wav(seconds: number, sampleRate = 8000): Buffer {
  const tone = Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => Math.sin((2 * Math.PI * 440 * i) / sampleRate) / 4,
  );
  return encodeWav(tone, sampleRate);
}

/** The 36 bytes of a WAV's RIFF, WAVE and fmt headers: no data chunk, no samples at all. */
function headerOnlyWav(): Buffer {
  const header = wav(0).subarray(0, 36);
  header.writeUInt32LE(28, 4);
  return header;
}

/** The first bytes of an audio-only WebM as browsers record it: the EBML header (DocType webm), a Segment. */
const WEBM = Buffer.concat([
  Buffer.from('1A45DFA39F4286810142F7810142F2810442F381084282847765626D4287810442858102', 'hex'),
  Buffer.from('1853806701FFFFFFFFFFFFFF', 'hex'),
  Buffer.alloc(256, 0xec),
]);

/** An Ogg page carrying an Opus head. */
const OPUS_HEAD = Buffer.concat([
  Buffer.from('OpusHead'),
  Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]),
]);
const OGG_OPUS = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.from([0, 2]),
  Buffer.alloc(8),
  Buffer.from([1, 0, 0, 0]),
  Buffer.alloc(8),
  Buffer.from([1, OPUS_HEAD.length]),
  OPUS_HEAD,
  Buffer.alloc(256),
]);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const BOUNDARY = '----readalong-recording';
type Part = { name: string; value: string | Buffer; filename?: string; type?: string };
function form(parts: Part[], options: { cutAfter?: number } = {}) {
  const chunks = parts.flatMap((part) => [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    part.value,
    '\r\n',
  ]);
  let payload = Buffer.concat(
    [...chunks, `--${BOUNDARY}--\r\n`].map((chunk) =>
      typeof chunk === 'string' ? Buffer.from(chunk) : chunk,
    ),
  );
  if (options.cutAfter !== undefined) payload = payload.subarray(0, options.cutAfter);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const audio = (value: Buffer, fields: Record<string, string> = { duration_ms: '6000' }): Part[] => [
  ...Object.entries(fields).map(([name, v]) => ({ name, value: v })),
  { name: 'file', value, filename: 'reading.webm', type: 'audio/webm' },
];

const upload = (token: string, worksheetId: number, body: ReturnType<typeof form>) =>
  t.request({ method: 'POST', url: `/api/v1/worksheets/${worksheetId}/recording`, token, ...body });

async function filesOf(studentId: number): Promise<string[]> {
  const root = path.join(t.deps.config.dataDir, 'files');
  const own = await readdir(path.join(root, 'recordings', String(studentId))).catch(() => [] as string[]);
  const incoming = await readdir(path.join(root, '.incoming')).catch(() => [] as string[]);
  return [...own, ...incoming];
}

/** Fresh access tokens for the cast after the clock moved past their 15 minutes. */
async function signInAgain() {
  const people = {
    student: cast.world.student,
    classmate: cast.classmate,
    teacher: cast.world.teacher,
    owner: cast.world.owner,
    head: cast.world.head,
    outsider: cast.outsider.teacher,
  };
  for (const [key, person] of Object.entries(people) as [keyof typeof people, { username: string }][]) {
    cast.token[key] = (await signIn(t, person.username)).access_token;
  }
}

/** Uploads a generated recording as a WAV; it must be accepted. */
async function uploadMade(
  worksheetId: number,
  made: GeneratedRecording,
  fields: Record<string, string> = {},
) {
  const response = await upload(
    cast.token.student,
    worksheetId,
    form(audio(encodeWav(made.pcm, made.sampleRate), fields)),
  );
  expect(response.statusCode, response.body).toBe(201);
  return Recording.parse(response.json());
}

const rowsOf = (worksheetId: number) =>
  t.db.select().from(recordings).where(eq(recordings.worksheetId, worksheetId));

async function coinsOf(studentId: number) {
  const [row] = await t.db
    .select({ coins: students.coins })
    .from(students)
    .where(eq(students.userId, studentId));
  return row!.coins;
}

/** A fresh worksheet of the cast's student on the test passage. */
const worksheetOf = (student = cast.world.student, extra = {}) =>
  t.factories.worksheet(student, passage.id, extra);

async function submitted(seconds = 6) {
  const worksheet = await worksheetOf();
  const response = await upload(
    cast.token.student,
    worksheet.id,
    form(audio(wav(seconds), { duration_ms: String(seconds * 1000) })),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { worksheet, recording: Recording.parse(response.json()) };
}

describe('POST /v1/worksheets/{id}/recording', () => {
  it('stores a WAV, playable through its signed link; pays +5 coins once and tells the teachers', async () => {
    const worksheet = await worksheetOf();
    const before = await coinsOf(cast.world.student.id);
    const sound = wav(2);
    const response = await upload(
      cast.token.student,
      worksheet.id,
      form(audio(sound, { duration_ms: '2000', num_re_recording: '2' })),
    );
    expect(response.statusCode, response.body).toBe(201);
    const recording = Recording.parse(response.json());
    expect(recording).toMatchObject({
      student_id: cast.world.student.id,
      worksheet_id: worksheet.id,
      passage_id: passage.id,
      duration_ms: 2000,
      num_re_recording: 2,
      start_time: 0,
      end_time: 2,
      num_mistakes: 0,
      wpm_confirmed: false,
      grading_completed: false,
    });

    const file = await t.request({ method: 'GET', url: recording.file_url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    expect(Buffer.compare(file.rawPayload, sound)).toBe(0);

    expect(await coinsOf(cast.world.student.id)).toBe(before + COINS.recordingSubmitted);
    const again = await upload(
      cast.token.student,
      worksheet.id,
      form(audio(wav(1), { duration_ms: '1000' })),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(await coinsOf(cast.world.student.id)).toBe(before + COINS.recordingSubmitted);

    const raised = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.worksheetId, worksheet.id), eq(alerts.typeId, AlertType.RecordingSubmission)));
    expect(raised).toHaveLength(2);
    expect(raised[0]!.isStudentFacing).toBe(false);
    const logs = await t.db
      .select()
      .from(recordingActivityLogs)
      .where(eq(recordingActivityLogs.worksheetId, worksheet.id));
    expect(logs.map((log) => log.numReRecording).sort()).toEqual([0, 2]);

    const list = await t.request({
      method: 'GET',
      url: `/api/v1/worksheets/${worksheet.id}/recording`,
      token: cast.token.teacher,
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ recordings: Recording[] }>().recordings;
    expect(listed.map((r) => r.id)).toEqual([again.json<Recording>().id, recording.id]);
  });

  it('a take sent again after its answer was lost is stored once, with one file and one alert', async () => {
    const worksheet = await worksheetOf();
    const take = '0b9f4c4e-6b1a-4c55-9d2e-1f0c8a7d3e21';
    const filesBefore = (await filesOf(cast.world.student.id)).length;
    const send = () =>
      upload(
        cast.token.student,
        worksheet.id,
        form(audio(wav(1), { duration_ms: '1000', client_recording_id: take })),
      );
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const second = await send();
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<Recording>().id).toBe(first.json<Recording>().id);
    expect(await rowsOf(worksheet.id)).toHaveLength(1);
    expect(await filesOf(cast.world.student.id)).toHaveLength(filesBefore + 1);
    const raised = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.worksheetId, worksheet.id), eq(alerts.typeId, AlertType.RecordingSubmission)));
    expect(raised).toHaveLength(1);
  });

  it('a take sent again is answered from its row before its copy is stored or heard', async () => {
    const worksheet = await worksheetOf();
    const take = '5d2c7a90-3f4e-4b8a-a1c6-7e9b0d2f4a13';
    const fields = { duration_ms: '1000', client_recording_id: take };
    const first = await upload(cast.token.student, worksheet.id, form(audio(wav(1), fields)));
    expect(first.statusCode, first.body).toBe(201);
    const filesAfterFirst = await filesOf(cast.world.student.id);
    const saved = vi.spyOn(t.deps.storage, 'save');
    const heard = vi.spyOn(t.deps.storage, 'withLocalCopy');
    try {
      // The fields before the file, as the web client sends them: the copy is dropped unread.
      const again = await upload(cast.token.student, worksheet.id, form(audio(wav(1), fields)));
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<Recording>().id).toBe(first.json<Recording>().id);
      expect(saved).not.toHaveBeenCalled();
      // The file before the fields: it is stored as it streams in, then removed without being heard.
      const [file, ...rest] = audio(wav(1), fields).reverse();
      const fileFirst = await upload(cast.token.student, worksheet.id, form([file!, ...rest]));
      expect(fileFirst.statusCode, fileFirst.body).toBe(201);
      expect(fileFirst.json<Recording>().id).toBe(first.json<Recording>().id);
      expect(saved).toHaveBeenCalledTimes(1);
      expect(heard).not.toHaveBeenCalled();
    } finally {
      saved.mockRestore();
      heard.mockRestore();
    }
    expect(await filesOf(cast.world.student.id)).toEqual(filesAfterFirst);
    expect(await rowsOf(worksheet.id)).toHaveLength(1);
  });

  it('reads the length from a WAV header when duration_ms is missing', async () => {
    const worksheet = await worksheetOf();
    const response = await upload(cast.token.student, worksheet.id, form(audio(wav(3), {})));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ duration_ms: 3000, end_time: 3 });
  });

  it.skipIf(!HAS_FFMPEG)('offers where the speech starts and ends as the default trim', async () => {
    const worksheet = await worksheetOf();
    const made = makeRecording({
      seconds: 6,
      speechAt: 1.5,
      speech: { seconds: 3 },
      noise: { kind: 'pink', snrDb: 10 },
    });
    // Without duration_ms the answer waits for the whole file, its length and its suggestion.
    const recording = await uploadMade(worksheet.id, made);
    expect(Math.abs(recording.start_time! * 1000 - made.truth.startMs)).toBeLessThan(250);
    expect(Math.abs(recording.end_time! * 1000 - made.truth.endMs)).toBeLessThan(250);
    expect(recording).toMatchObject({
      suggested_start: recording.start_time,
      suggested_end: recording.end_time,
    });
  });

  /** Runs `work` while other uploads fill the queue: every ffmpeg busy and MAX_WAITING_ANALYSES more waiting. */
  async function whileAnalysesAreBusy<T>(work: () => Promise<T>): Promise<T> {
    let release = () => {};
    const busy = new Promise<void>((resolve) => (release = resolve));
    const others = Array.from({ length: analyses.concurrency + MAX_WAITING_ANALYSES }, () =>
      analyses(() => busy),
    );
    try {
      return await work();
    } finally {
      release();
      await Promise.all(others);
    }
  }

  /** The stored row of a worksheet's recording once its suggested trim has arrived. */
  async function suggestedRow(worksheetId: number) {
    await vi.waitFor(
      async () => {
        const [row] = await rowsOf(worksheetId);
        expect(row!.suggestedStartMs).not.toBeNull();
      },
      { timeout: 10_000, interval: 50 },
    );
    return (await rowsOf(worksheetId))[0]!;
  }

  it.skipIf(!HAS_FFMPEG)(
    'with its length, an upload is answered once it plays and its suggestion follows as the trim',
    async () => {
      const worksheet = await worksheetOf();
      const made = makeRecording({ seconds: 6, speechAt: 1.5, speech: { seconds: 3 } });
      const answered = await uploadMade(worksheet.id, made, { duration_ms: '6000' });
      // Answered before it was heard whole: no suggestion yet, the whole recording.
      expect(answered).toMatchObject({ suggested_start: null, start_time: 0, end_time: 6 });
      const row = await suggestedRow(worksheet.id);
      expect(Math.abs(row.suggestedStartMs! - made.truth.startMs)).toBeLessThan(250);
      expect(Math.abs(row.suggestedEndMs! - made.truth.endMs)).toBeLessThan(250);
      // Nobody had moved the trim: it is the suggestion now.
      expect(row).toMatchObject({ startMs: row.suggestedStartMs, endMs: row.suggestedEndMs });
      // The review screen reads both with the recording.
      const served = await t.request({
        method: 'GET',
        url: `/api/v1/worksheets/${worksheet.id}/recording`,
        token: cast.token.teacher,
      });
      expect(served.json<{ recordings: Recording[] }>().recordings[0]).toMatchObject({
        suggested_start: row.suggestedStartMs! / 1000,
        start_time: row.suggestedStartMs! / 1000,
      });
    },
  );

  it.skipIf(!HAS_FFMPEG)(
    'a suggestion arriving after the teacher moved the trim leaves their trim',
    async () => {
      const worksheet = await worksheetOf();
      const made = makeRecording({ seconds: 6, speechAt: 1.5, speech: { seconds: 3 } });
      // The queue of analyses held full, so the teacher's trim comes before the suggestion.
      await whileAnalysesAreBusy(async () => {
        const answered = await uploadMade(worksheet.id, made, { duration_ms: '6000' });
        const trimmed = await t.request({
          method: 'PATCH',
          url: `/api/v1/worksheets/recording/${answered.id}`,
          token: cast.token.teacher,
          payload: { start_time: 0.5, end_time: 5.5 },
        });
        expect(trimmed.statusCode, trimmed.body).toBe(200);
      });
      const row = await suggestedRow(worksheet.id);
      expect(row).toMatchObject({ startMs: 500, endMs: 5500 });
    },
  );

  /** Other children talking: synthetic voices of other seeds, two at once over the whole file. */
  const room = (seconds: number, seed: number) =>
    backgroundTalk(
      [21, 22, 23, 24].map((voice) => syntheticSpeech(2.5, 16_000, voice)),
      seconds,
      16_000,
      seed,
    );

  it.skipIf(!HAS_FFMPEG)(
    'offers where the reader starts and ends, not the room talking around them',
    async () => {
      const worksheet = await worksheetOf();
      const made = makeRecording({
        seconds: 8,
        speechAt: 2,
        speech: { seconds: 4 },
        talk: { pcm: room(8, 5), snrDb: 13 },
      });
      const recording = await uploadMade(worksheet.id, made);
      // The room talks from the first sample to the last; the suggestion is the reader's (RA1's 0.5 s).
      expect(Math.abs(recording.suggested_start! * 1000 - made.truth.startMs)).toBeLessThan(500);
      expect(Math.abs(recording.suggested_end! * 1000 - made.truth.endMs)).toBeLessThan(500);
      expect(recording).toMatchObject({
        start_time: recording.suggested_start,
        end_time: recording.suggested_end,
      });
    },
  );

  it.skipIf(!HAS_FFMPEG)(
    'a recording of only the room talking has no suggestion: the whole file',
    async () => {
      const worksheet = await worksheetOf();
      const talk = room(6, 6).map((sample) => sample * 0.02); // the room, nobody near the microphone
      const response = await upload(
        cast.token.student,
        worksheet.id,
        form(audio(encodeWav(talk, 16_000), {})),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        duration_ms: 6000,
        suggested_start: null,
        suggested_end: null,
        start_time: 0,
        end_time: 6,
      });
    },
  );

  it.skipIf(!HAS_FFMPEG)(
    'a class uploading at once: every upload answered, a bounded number heard at a time',
    async () => {
      const made = makeRecording({ seconds: 3, speechAt: 0.5, speech: { seconds: 2 } });
      const file = encodeWav(made.pcm, made.sampleRate);
      const sheets = await Promise.all(Array.from({ length: 6 }, () => worksheetOf()));
      let mostAtOnce = 0;
      const watch = setInterval(() => (mostAtOnce = Math.max(mostAtOnce, analyses.activeCount)), 1);
      try {
        const answers = await Promise.all(
          sheets.map((sheet) => upload(cast.token.student, sheet.id, form(audio(file, {})))),
        );
        for (const answer of answers) {
          expect(answer.statusCode, answer.body).toBe(201);
          expect(answer.json<Recording>().suggested_start).not.toBeNull();
        }
      } finally {
        clearInterval(watch);
      }
      expect(mostAtOnce).toBeGreaterThan(0);
      expect(mostAtOnce).toBeLessThanOrEqual(analyses.concurrency);
    },
  );

  it.skipIf(!HAS_FFMPEG)(
    'when many uploads wait to be heard, one with its length is answered first and its suggestion follows',
    async () => {
      const worksheet = await worksheetOf();
      const made = makeRecording({ seconds: 6, speechAt: 1.5, speech: { seconds: 3 } });
      const answered = await whileAnalysesAreBusy(() =>
        uploadMade(worksheet.id, made, { duration_ms: '6000' }),
      );
      // Answered before it was heard: no suggestion yet, the whole recording.
      expect(answered).toMatchObject({ suggested_start: null, start_time: 0, end_time: 6 });
      const row = await suggestedRow(worksheet.id);
      expect(Math.abs(row.suggestedStartMs! - made.truth.startMs)).toBeLessThan(250);
      expect(Math.abs(row.suggestedEndMs! - made.truth.endMs)).toBeLessThan(250);
      expect(row).toMatchObject({ startMs: row.suggestedStartMs, endMs: row.suggestedEndMs });
    },
  );

  it('without ffmpeg: a WAV is measured by its header, other audio has an open end', async () => {
    const worksheet = await worksheetOf();
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent'; // as on a machine without ffmpeg
    try {
      const webm = await upload(cast.token.student, worksheet.id, form(audio(WEBM, {})));
      expect(webm.statusCode, webm.body).toBe(201);
      expect(webm.json()).toMatchObject({ duration_ms: 0, start_time: 0, end_time: null });
      for (const short of [headerOnlyWav(), wav(0), wav(0.5)]) {
        expectError(await upload(cast.token.student, worksheet.id, form(audio(short))), 400, 'file');
      }
      const long = await upload(cast.token.student, worksheet.id, form(audio(wav(2), {})));
      expect(long.json()).toMatchObject({ duration_ms: 2000, start_time: 0, end_time: 2 });
    } finally {
      process.env.PATH = path;
    }
  });

  it('refuses a recording that does not play or holds less than a second: no file, row, coins or alert', async () => {
    const worksheet = await worksheetOf();
    const filesBefore = await filesOf(cast.world.student.id);
    const coinsBefore = await coinsOf(cast.world.student.id);
    for (const bytes of [headerOnlyWav(), wav(0), wav(0.5), WEBM, OGG_OPUS]) {
      const response = await upload(cast.token.student, worksheet.id, form(audio(bytes)));
      expectError(response, 400, 'file');
    }
    expect(await rowsOf(worksheet.id)).toEqual([]);
    expect(await filesOf(cast.world.student.id)).toEqual(filesBefore);
    expect(await coinsOf(cast.world.student.id)).toBe(coinsBefore);
    const raised = await t.db.select().from(alerts).where(eq(alerts.worksheetId, worksheet.id));
    expect(raised).toEqual([]);
  });

  it.skipIf(!HAS_FFMPEG)(
    'accepts real WebM, Ogg, MP3, M4A and MP4 files by their content, whatever they are called, and measures them',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'readalong-audio-'));
      try {
        const worksheet = await worksheetOf();
        for (const [name, codec, type] of [
          ['a.webm', 'libopus', 'audio/webm'],
          ['a.ogg', 'libopus', 'audio/ogg'],
          ['a.mp3', 'libmp3lame', 'audio/mpeg'],
          ['a.m4a', 'aac', 'audio/mp4'],
          ['a.mp4', 'aac', 'audio/mp4'],
        ] as const) {
          const file = path.join(dir, name);
          // prettier-ignore
          await runProgram('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', codec, file]);
          const response = await upload(
            cast.token.student,
            worksheet.id,
            form([
              {
                name: 'file',
                value: await readFile(file),
                filename: 'voice.bin',
                type: 'application/octet-stream',
              },
            ]),
          );
          expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
          const recording = Recording.parse(response.json());
          expect(Math.abs(recording.duration_ms - 3000), name).toBeLessThan(150);
          const served = await t.request({ method: 'GET', url: recording.file_url! });
          expect(served.headers['content-type'], name).toBe(type);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('refuses what is not audio, empty, too large, too long or cut off, leaving no file and no row', async () => {
    const worksheet = await worksheetOf();
    const before = await filesOf(cast.world.student.id);
    const cases: [ReturnType<typeof form>, number, string][] = [
      [form(audio(PNG)), 400, 'file'],
      [form(audio(Buffer.from('just some text, not a recording'))), 400, 'file'],
      [form(audio(Buffer.alloc(0))), 400, 'file'],
      [form(audio(Buffer.concat([wav(1), Buffer.alloc(25 * 1024 * 1024)]))), 413, 'file'],
      [form(audio(wav(1), { duration_ms: String(10 * 60 * 1000 + 1) })), 400, 'body.duration_ms'],
      [form(audio(wav(1), { duration_ms: 'soon' })), 400, 'body.duration_ms'],
      [form([{ name: 'duration_ms', value: '1000' }]), 400, 'file'],
    ];
    // A WAV whose header says 11 minutes.
    const long = wav(1);
    long.writeUInt32LE(8000 * 2 * 660, 40);
    const longFile = Buffer.concat([long, Buffer.alloc(8000 * 2 * 660 - (long.length - 44))]);
    cases.push([form(audio(longFile, {})), 400, 'file']);
    // Cut off in the middle of the file: no closing boundary.
    const whole = form(audio(wav(2)));
    cases.push([form(audio(wav(2)), { cutAfter: whole.payload.length - 5000 }), 400, 'file']);
    for (const [body, status, field] of cases) {
      expectError(await upload(cast.token.student, worksheet.id, body), status, field);
    }
    expect(await rowsOf(worksheet.id)).toEqual([]);
    expect(await filesOf(cast.world.student.id)).toEqual(before);
  });

  it('only the worksheet’s own student uploads: another student 404, staff 403', async () => {
    const worksheet = await worksheetOf();
    expectError(await upload(cast.token.classmate, worksheet.id, form(audio(wav(1)))), 404);
    expectError(await upload(cast.token.teacher, worksheet.id, form(audio(wav(1)))), 403);
    expect(await rowsOf(worksheet.id)).toEqual([]);
  });

  it('completes a read-aloud student’s book once the quiz and the recording are in', async () => {
    const worksheet = await worksheetOf(cast.world.student, {
      pagesCompleted: passage.numPages,
      quizSubmittedAt: new Date('2026-09-15T08:00:00Z'),
      scorePercent: 90,
      isPassed: true,
    });
    const open = await t.db.select().from(worksheets).where(eq(worksheets.id, worksheet.id));
    expect(open[0]!.worksheetCompleted).toBe(false);
    const response = await upload(cast.token.student, worksheet.id, form(audio(wav(1))));
    expect(response.statusCode, response.body).toBe(201);
    const [done] = await t.db.select().from(worksheets).where(eq(worksheets.id, worksheet.id));
    expect(done!.worksheetCompleted).toBe(true);
    const reading = await t.request({
      method: 'GET',
      url: `/api/v1/worksheets/${worksheet.id}`,
      token: cast.token.student,
    });
    if (reading.statusCode === 200) expect(reading.json().recording_submitted).toBe(true);
  });
});

describe('R32: what a read-aloud student’s book still waits for', () => {
  it('says the quiz is in and a recording is needed, then counts the book completed once it is sent (P10, P13)', async () => {
    const worksheet = await worksheetOf(cast.world.student, {
      pagesCompleted: passage.numPages,
      quizSubmittedAt: new Date('2026-09-15T08:00:00Z'),
      scorePercent: 90,
      isPassed: true,
    });
    const progress = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/worksheets/${worksheet.id}/passage`,
          token: cast.token.student,
        })
      ).json<Record<string, unknown>>();
    const booksCompleted = async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/teacher/student-reading-overview',
        token: cast.token.teacher,
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<{ students: { student_id: number; books_completed: number }[] }>().students;
      return rows.find((row) => row.student_id === cast.world.student.id)!.books_completed;
    };

    expect(await progress()).toMatchObject({
      quiz_submitted: true,
      recording_submitted: false,
      recording_needed: true,
      worksheet_completed: false,
    });
    const before = await booksCompleted();

    expect((await upload(cast.token.student, worksheet.id, form(audio(wav(1))))).statusCode).toBe(201);

    expect(await progress()).toMatchObject({
      quiz_submitted: true,
      recording_submitted: true,
      recording_needed: false,
      worksheet_completed: true,
    });
    expect(await booksCompleted()).toBe(before + 1);
  });

  it('asks staff and students without read-aloud for no recording', async () => {
    const worksheet = await worksheetOf(cast.world.student, { pagesCompleted: 1 });
    const staff = await t.request({
      method: 'GET',
      url: `/api/v1/worksheets/${worksheet.id}/passage`,
      token: cast.token.teacher,
    });
    expect(staff.json()).toMatchObject({ quiz_submitted: false, recording_needed: false });
    await t.db
      .update(students)
      .set({ readAloudEnabled: false })
      .where(eq(students.userId, cast.world.student.id));
    try {
      const own = await t.request({
        method: 'GET',
        url: `/api/v1/worksheets/${worksheet.id}/passage`,
        token: cast.token.student,
      });
      expect(own.json()).toMatchObject({ quiz_submitted: false, recording_needed: false });
    } finally {
      await t.db
        .update(students)
        .set({ readAloudEnabled: true })
        .where(eq(students.userId, cast.world.student.id));
    }
  });
});

describe('who sees a recording', () => {
  it('a student lists and signs only their own; staff in scope see them; others 404', async () => {
    const { worksheet, recording } = await submitted();
    const list = (token: string) =>
      t.request({ method: 'GET', url: `/api/v1/worksheets/${worksheet.id}/recording`, token });
    expect((await list(cast.token.student)).statusCode).toBe(200);
    for (const token of [cast.token.owner, cast.token.head]) {
      expect((await list(token)).json().recordings[0].id).toBe(recording.id);
    }
    expectError(await list(cast.token.classmate), 404);
    expectError(await list(cast.token.outsider), 404);
    expectError(
      await t.request({
        method: 'GET',
        url: `/api/v1/worksheets/recording/${recording.id}/mistakes`,
        token: cast.token.classmate,
      }),
      404,
    );
    expectError(
      await t.request({
        method: 'PATCH',
        url: `/api/v1/worksheets/recording/${recording.id}/view`,
        token: cast.token.classmate,
      }),
      404,
    );
    expectError(
      await t.request({
        method: 'PATCH',
        url: `/api/v1/worksheets/recording/${recording.id}`,
        token: cast.token.outsider,
        payload: { start_time: 0, end_time: 1 },
      }),
      404,
    );
  });

  it('a link altered in any byte, or used after six hours, is refused', async () => {
    const { recording } = await submitted();
    const url = recording.file_url!;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    const altered = [
      url.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
      url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 1}`),
      url.replace(/\.wav\?/, '.wa?'),
      url.replace(/signature=.*/, ''),
    ];
    for (const link of altered) expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(404);
    for (const field of ['expires', 'signature']) {
      const repeated = await t.request({ method: 'GET', url: `${url}&${field}=1` });
      expectError(repeated, 400, `query.${field}`);
    }
    t.clock.advanceMinutes(6 * 60 + 1);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    await signInAgain();
  });
});

describe('reviewing a recording', () => {
  const trim = (id: number, payload: Record<string, unknown>, token = cast.token.teacher) =>
    t.request({ method: 'PATCH', url: `/api/v1/worksheets/recording/${id}`, token, payload });
  const saveMistakes = (id: number, payload: Record<string, unknown>, token = cast.token.teacher) =>
    t.request({ method: 'PUT', url: `/api/v1/worksheets/recording/${id}/mistakes`, token, payload });

  it('trims within the recording and, on submit, confirms WPM; mistakes give WCPM and accuracy', async () => {
    const { recording } = await submitted(10);
    expectError(await trim(recording.id, { start_time: 0, end_time: 10.5 }), 400, 'body.end_time');
    expectError(await trim(recording.id, { start_time: 10, end_time: null }), 400, 'body.start_time');
    expectError(await trim(recording.id, { start_time: 4, end_time: 3 }), 400, 'body.end_time');
    expectError(await trim(recording.id, { start_time: 0, end_time: 5 }, cast.token.student), 403);

    const draft = await trim(recording.id, { start_time: 1, end_time: 7 });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ start_time: 1, end_time: 7, wpm_confirmed: false, wpm: null });

    const confirmed = await trim(recording.id, { start_time: 1, end_time: 7, submit: true });
    // 15 words in 6 seconds.
    expect(confirmed.json()).toMatchObject({ wpm_confirmed: true, wpm: 150, wcpm: 150, accuracy: 100 });

    const marked = await saveMistakes(recording.id, {
      mistakes: [
        { word_index: 0, type: MistakeType.Omission },
        { word_index: 4, type: MistakeType.Substitution, text: 'kit' },
        { word_index: 14, type: MistakeType.Mispronunciation },
        { word_index: WORDS, type: MistakeType.Insertion, text: 'again' },
      ],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      recording_id: recording.id,
      num_mistakes: 4,
      last_word_index: null,
    });
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/worksheets/${recording.worksheet_id}/recording`,
      token: cast.token.student,
    });
    // 12 words correct of 15 in 6 seconds.
    expect(list.json().recordings[0]).toMatchObject({ num_mistakes: 4, wpm: 150, wcpm: 120, accuracy: 80 });
    const own = await t.request({
      method: 'GET',
      url: `/api/v1/worksheets/recording/${recording.id}/mistakes`,
      token: cast.token.student,
    });
    expect(own.json().mistakes).toContainEqual({
      word_index: 4,
      type: MistakeType.Substitution,
      text: 'kit',
    });
  });

  it('refuses mistakes outside the passage, naming the mark', async () => {
    const { recording } = await submitted();
    expectError(
      await saveMistakes(recording.id, {
        mistakes: [
          { word_index: 2, type: MistakeType.Omission },
          { word_index: WORDS, type: MistakeType.Omission },
        ],
      }),
      400,
      'body.mistakes.1.word_index',
    );
    expectError(
      await saveMistakes(recording.id, {
        mistakes: [{ word_index: WORDS + 1, type: MistakeType.Insertion }],
      }),
      400,
      'body.mistakes.0.word_index',
    );
    expectError(
      await saveMistakes(recording.id, { mistakes: [{ word_index: -1, type: MistakeType.Omission }] }),
      400,
      'body.mistakes.0.word_index',
    );
    expectError(
      await saveMistakes(recording.id, { mistakes: [{ word_index: 1, type: 5 }] }),
      400,
      'body.mistakes.0.type',
    );
    expectError(
      await saveMistakes(recording.id, { mistakes: [], last_word_index: WORDS }),
      400,
      'body.last_word_index',
    );
    expectError(
      await saveMistakes(recording.id, {
        mistakes: [{ word_index: 9, type: MistakeType.Omission }],
        last_word_index: 7,
      }),
      400,
      'body.mistakes.0.word_index',
    );
    const saved = await t.request({
      method: 'GET',
      url: `/api/v1/worksheets/recording/${recording.id}/mistakes`,
      token: cast.token.teacher,
    });
    expect(saved.json()).toMatchObject({ mistakes: [], num_mistakes: 0 });
  });

  it('two teachers saving at once: one whole set wins, never a mix', async () => {
    const { recording } = await submitted();
    const first = Array.from({ length: 5 }, (_, i) => ({ word_index: i, type: MistakeType.Omission }));
    const second = Array.from({ length: 3 }, (_, i) => ({
      word_index: 10 + i,
      type: MistakeType.Substitution,
    }));
    const [a, b] = await Promise.all([
      saveMistakes(recording.id, { mistakes: first }),
      saveMistakes(recording.id, { mistakes: second }, cast.token.owner),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const saved = (
      await t.request({
        method: 'GET',
        url: `/api/v1/worksheets/recording/${recording.id}/mistakes`,
        token: cast.token.teacher,
      })
    ).json();
    const winner = saved.num_mistakes === 5 ? first : second;
    expect(saved.mistakes).toEqual(winner);
  });

  it('a comment completes grading and notifies the student; their viewing sets grading_viewed', async () => {
    const { recording } = await submitted();
    const view = () =>
      t.request({
        method: 'PATCH',
        url: `/api/v1/worksheets/recording/${recording.id}/view`,
        token: cast.token.student,
      });
    expect((await view()).statusCode).toBe(200);
    const commented = await t.request({
      method: 'PATCH',
      url: `/api/v1/worksheets/recording/${recording.id}/comment`,
      token: cast.token.teacher,
      payload: { comment: 'Lovely expression!' },
    });
    expect(commented.statusCode, commented.body).toBe(200);
    expect(commented.json()).toMatchObject({
      comment: 'Lovely expression!',
      grading_completed: true,
      graded_at: expect.any(String),
      grading_viewed: false,
    });
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, cast.world.student.id), eq(notifications.kind, 'recording_graded')),
      );
    expect(told.length).toBeGreaterThan(0);
    expect((await view()).json()).toEqual({ success: true });
    const [row] = await t.db.select().from(recordings).where(eq(recordings.id, recording.id));
    expect(row!.gradingViewed).toBe(true);
  });

  it('lists a class’s recordings waiting for review first, newest first; staff in scope only', async () => {
    const older = await submitted();
    t.clock.advanceMinutes(1);
    const graded = await submitted();
    t.clock.advanceMinutes(1);
    const newest = await submitted();
    await t.request({
      method: 'PATCH',
      url: `/api/v1/worksheets/recording/${graded.recording.id}/comment`,
      token: cast.token.teacher,
      payload: { comment: 'Good' },
    });
    const list = (token: string) =>
      t.request({ method: 'GET', url: `/api/v1/classes/recordings?class_id=${cast.world.class.id}`, token });
    const response = await list(cast.token.teacher);
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json<{ recordings: Recording[] }>().recordings;
    const ids = listed.map((r) => r.id);
    expect(ids.indexOf(newest.recording.id)).toBeLessThan(ids.indexOf(older.recording.id));
    expect(ids.indexOf(older.recording.id)).toBeLessThan(ids.indexOf(graded.recording.id));
    const firstGraded = listed.findIndex((r) => r.grading_completed);
    expect(listed.slice(firstGraded).every((r) => r.grading_completed)).toBe(true);
    expectError(await list(cast.token.outsider), 404);
    expectError(await list(cast.token.student), 403);
  });

  it('raises AchieveGoalWPM and AchieveGoalWCPM once when a confirmed reading reaches the goal', async () => {
    const student = await t.factories.student(
      { districtId: cast.world.district.id, schoolId: cast.world.school.id },
      cast.world.class.id,
    );
    const token = (await signIn(t, student.username)).access_token;
    await t.db
      .insert(goals)
      .values({ schoolId: cast.world.school.id, studentId: student.id, targetWpm: 100, targetWcpm: 140 });
    const worksheet = await worksheetOf(student);
    const uploaded = await upload(token, worksheet.id, form(audio(wav(6))));
    const id: number = uploaded.json().id;
    const goalAlerts = async () =>
      (await t.db.select({ typeId: alerts.typeId }).from(alerts).where(eq(alerts.studentId, student.id)))
        .map((a) => a.typeId)
        .filter((type) => type === AlertType.AchieveGoalWPM || type === AlertType.AchieveGoalWCPM)
        .sort();
    // Not before the trim is confirmed.
    await saveMistakes(id, { mistakes: [] });
    expect(await goalAlerts()).toEqual([]);
    // 15 words in 6 s: 150 WPM; with 2 mistakes 130 WCPM, below its goal of 140.
    await saveMistakes(id, {
      mistakes: [
        { word_index: 1, type: MistakeType.Omission },
        { word_index: 2, type: MistakeType.Omission },
      ],
    });
    await trim(id, { start_time: 0, end_time: 6, submit: true });
    expect(await goalAlerts()).toEqual([AlertType.AchieveGoalWPM]);
    await saveMistakes(id, { mistakes: [] });
    await trim(id, { start_time: 0, end_time: 6, submit: true });
    expect(await goalAlerts()).toEqual([AlertType.AchieveGoalWPM, AlertType.AchieveGoalWCPM].sort());
    const [goal] = await t.db.select().from(goals).where(eq(goals.studentId, student.id));
    expect(goal!.achievedWpmAt).not.toBeNull();
    expect(goal!.achievedWcpmAt).not.toBeNull();
  });
});

describe('POST /v1/data-logger/recording-activity', () => {
  it('logs the re-recordings of the student’s own worksheet; another’s is 404', async () => {
    const worksheet = await worksheetOf();
    const log = (token: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/v1/data-logger/recording-activity', token, payload });
    expect(
      (await log(cast.token.student, { worksheet_id: worksheet.id, num_re_recording: 3 })).json(),
    ).toEqual({
      success: true,
    });
    expectError(await log(cast.token.classmate, { worksheet_id: worksheet.id, num_re_recording: 1 }), 404);
    expectError(
      await log(cast.token.student, { worksheet_id: worksheet.id, num_re_recording: -1 }),
      400,
      'body.num_re_recording',
    );
    const rows = await t.db
      .select()
      .from(recordingActivityLogs)
      .where(eq(recordingActivityLogs.worksheetId, worksheet.id));
    expect(rows.map((row) => row.numReRecording)).toEqual([3]);
  });

  it('adds no second row for a take its upload logged already; another count is a new row', async () => {
    const worksheet = await worksheetOf();
    const uploaded = await upload(
      cast.token.student,
      worksheet.id,
      form(audio(wav(1), { duration_ms: '1000', num_re_recording: '2' })),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const log = (count: number) =>
      t.request({
        method: 'POST',
        url: '/api/v1/data-logger/recording-activity',
        token: cast.token.student,
        payload: { worksheet_id: worksheet.id, num_re_recording: count },
      });
    // The web client logs each take after its upload answered.
    expect((await log(2)).json()).toEqual({ success: true });
    expect((await log(2)).json()).toEqual({ success: true });
    expect((await log(3)).json()).toEqual({ success: true });
    const rows = await t.db
      .select()
      .from(recordingActivityLogs)
      .where(eq(recordingActivityLogs.worksheetId, worksheet.id));
    expect(rows.map((row) => row.numReRecording).sort()).toEqual([2, 3]);
  });
});

/**
 * A class records at once (issue 16): UPLOADS students each upload a 5-minute WAV (16 kHz mono 16-bit, 9.6 MB) at
 * the same moment, and the server's resident memory is sampled every 10 ms from /proc while they are heard (decoded
 * by ffmpeg and analysed for the suggested trim). The goal: every upload acknowledged, and the server's peak at most
 * 100 MB over its resident size just before. The ffmpeg processes it starts are measured apart (they are not the
 * server's heap, but they are the machine's memory). Writes bench/results/upload-memory.md; `npm run
 * bench:upload-memory` alone or within `npm run bench`. UPLOADS and UPLOAD_SECONDS shorten it while developing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { contracts } from '@readalong/contracts';
import { passages, recordings, users, worksheets } from '../src/db/schema/index.js';
import { makeRecording } from '../src/platform/speech-bounds.fixtures.js';
import { encodeWav } from '../src/platform/wav.js';
import { startServer } from './support/server.js';
import { BENCH_PASSWORD, createWorld } from './support/world.js';
import { generatedBy, loadAverage, writeResults } from './support/report.js';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'upload-memory.md');
const UPLOADS = Number(process.env.UPLOADS ?? 30);
const SECONDS = Number(process.env.UPLOAD_SECONDS ?? 300);
const GOAL_MB = 100;
const SAMPLE_EVERY_MS = 10;

/** Resident memory of a process in MB (VmRSS), 0 once it is gone. */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The processes `pid` started (ffmpeg), from every thread's children list. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The 5-minute reading: synthetic speech from 1.5 s to 2 s before the end, pink noise at 15 dB SNR. */
function fiveMinuteWav(): Buffer {
  const recording = makeRecording({
    seconds: SECONDS,
    speechAt: 1.5,
    speech: { seconds: SECONDS - 3.5 },
    noise: { kind: 'pink', snrDb: 15 },
  });
  return encodeWav(recording.pcm, recording.sampleRate);
}

function multipart(file: Buffer): { body: Buffer; contentType: string } {
  const boundary = 'upload-memory-bench';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="num_re_recording"\r\n\r\n0\r\n` +
        // The length, as the web app sends it: an upload that would wait long to be heard is answered first (RA1).
        `--${boundary}\r\nContent-Disposition: form-data; name="duration_ms"\r\n\r\n${SECONDS * 1000}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reading.wav"\r\n` +
        'Content-Type: audio/wav\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const world = await createWorld(UPLOADS + 1);
const [passage] = await world.database.db.select({ id: passages.id }).from(passages).limit(1);
const sheets: number[] = [];
for (const student of world.students) {
  const [user] = await world.database.db.select().from(users).where(eq(users.id, student.id));
  const [sheet] = await world.database.db
    .insert(worksheets)
    .values({
      studentId: user!.id,
      schoolId: user!.schoolId!,
      districtId: user!.districtId,
      passageId: passage!.id,
    })
    .returning({ id: worksheets.id });
  sheets.push(sheet!.id);
}
const server = await startServer(
  'real',
  {
    DATABASE_URL: world.database.url,
    DATA_DIR: path.join(world.dataDir, 'server'),
    SECRET_KEY: 'upload-memory-bench-secret-key-0123456789abcdef',
    SEED_DEMO: 'false',
    NARRATION: 'false',
    RATE_LIMIT_SIGN_IN: '100000',
  },
  '/api/health',
).catch(async (error: unknown) => {
  await world.close();
  throw error;
});

try {
  const loadBefore = loadAverage();
  const tokens: string[] = [];
  for (const student of world.students) {
    const answer = await fetch(`${server.url}/api${contracts.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: student.username, password: BENCH_PASSWORD }),
    });
    tokens.push(((await answer.json()) as { access_token: string }).access_token);
  }
  const { body, contentType } = multipart(fiveMinuteWav());
  const send = async (index: number) => {
    const started = performance.now();
    const answer = await fetch(`${server.url}/api/v1/worksheets/${sheets[index]}/recording`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[index]}`, 'content-type': contentType },
      body,
    });
    const recording = (await answer.json()) as {
      suggested_start?: number | null;
      suggested_end?: number | null;
    };
    return { status: answer.status, ms: performance.now() - started, recording };
  };
  // One upload first, so the code and connections it needs are loaded before the baseline is taken.
  const warmUp = await send(UPLOADS);
  if (warmUp.status !== 201) throw new Error(`the warm-up upload answered ${warmUp.status}`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baseline = rssMb(server.pid);
  let serverPeak = baseline;
  let machinePeak = baseline;
  let mostFfmpegs = 0;
  const sampler = setInterval(() => {
    const server_ = rssMb(server.pid);
    const children = childrenOf(server.pid);
    serverPeak = Math.max(serverPeak, server_);
    machinePeak = Math.max(machinePeak, server_ + children.reduce((sum, pid) => sum + rssMb(pid), 0));
    mostFfmpegs = Math.max(mostFfmpegs, children.length);
  }, SAMPLE_EVERY_MS);
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: UPLOADS }, (_, index) => send(index)));
  const wallMs = performance.now() - started;
  // The ones answered before they were heard get their suggestion in turn after: wait for the last.
  const suggestedAll = async () => {
    const rows = await world.database.db
      .select({ suggested: recordings.suggestedStartMs })
      .from(recordings)
      .where(inArray(recordings.worksheetId, sheets.slice(0, UPLOADS)));
    return rows.filter((row) => row.suggested !== null).length;
  };
  let suggestedInTheEnd = await suggestedAll();
  while (suggestedInTheEnd < UPLOADS && performance.now() - started < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    suggestedInTheEnd = await suggestedAll();
  }
  const allSuggestedMs = performance.now() - started;
  clearInterval(sampler);
  const acknowledged = answers.filter((answer) => answer.status === 201).length;
  const suggested = answers.filter((answer) => answer.recording.suggested_start != null).length;
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const growth = serverPeak - baseline;
  const mb = (value: number) => value.toFixed(0);
  const report = [
    '# A class uploads at once (server memory)',
    '',
    generatedBy('bench:upload-memory', loadBefore),
    '',
    `${UPLOADS} students each upload a ${SECONDS / 60}-minute WAV (16 kHz mono 16-bit, ` +
      `${(body.length / 1e6).toFixed(1)} MB) at the same moment to the product running as \`npm start\` runs it ` +
      '(local files, embedded PostgreSQL), with its `duration_ms` as the web app sends it. Each upload is stored, ' +
      'then decoded by ffmpeg through a pipe and analysed frame by frame for its suggested trim ' +
      '(platform/speech-bounds.ts `analyseAudio`), at most one ffmpeg per core at once ' +
      '(modules/recordings/audio.ts); it is answered once its first second plays, and the suggestion follows ' +
      "(RA1). The server's resident memory (VmRSS) " +
      `is sampled every ${SAMPLE_EVERY_MS} ms; the baseline is taken after one warm-up upload.`,
    '',
    `Goal (issue 16): every upload acknowledged and the server's peak at most ${GOAL_MB} MB over the baseline: ` +
      `**${acknowledged === UPLOADS && growth <= GOAL_MB ? 'met' : 'not met'}** in this run.`,
    '',
    '| measure | value |',
    '| --- | --- |',
    `| uploads acknowledged (201) | ${acknowledged} of ${UPLOADS} |`,
    `| with a suggested trim in the answer | ${suggested} of ${UPLOADS} (answered before they were heard whole) |`,
    `| with a suggested trim in the end | ${suggestedInTheEnd} of ${UPLOADS}, the last ${(allSuggestedMs / 1000).toFixed(1)} s after the uploads began |`,
    `| server resident before | ${mb(baseline)} MB |`,
    `| server resident at peak | ${mb(serverPeak)} MB (+${mb(growth)} MB) |`,
    `| server and its ffmpeg processes at peak | ${mb(machinePeak)} MB (at most ${mostFfmpegs} ffmpeg at once) |`,
    `| answer time: fastest / median / slowest | ${mb(times[0]!)} / ${mb(times[Math.floor(times.length / 2)]!)} / ${mb(times.at(-1)!)} ms |`,
    `| all ${UPLOADS} answered after | ${(wallMs / 1000).toFixed(1)} s |`,
    `| server CPU for the ${UPLOADS} uploads (not ffmpeg's) | ${((server.cpuSeconds() - cpuBefore) * 1000).toFixed(0)} ms |`,
    '',
    'Before issue 16 the same 30 uploads took the server from 242 MB to 804 MB (+562 MB): each analysis held the ' +
      "whole decoded recording (19 MB of float samples for 5 minutes, plus the copy ffmpeg's output arrived in and " +
      'the filtered copy), all 30 at once.',
  ].join('\n');
  await writeResults(RESULTS, report);
  if (acknowledged !== UPLOADS) process.exitCode = 1;
} finally {
  await server.stop();
  await world.close();
}

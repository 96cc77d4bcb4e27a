/**
 * Narration with the real OS speech tools (festival's HTS voice, flite, espeak-ng, sox, pocketsphinx, lame,
 * ffmpeg). `npm test` leaves this file out so it runs on any machine; CI installs the tools and runs it with
 * WITH_SPEECH=1 (.ci/run), where nothing is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { splitWords } from '@readalong/content';
import { createTestApp, signIn, type TestApp } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { createFactories } from '../../../test/factories.js';
import { expectError } from '../../../test/ladder.js';
import { loadConfig } from '../../config.js';
import type { Deps } from '../../deps.js';
import { buildApp } from '../../http/app.js';
import { passagePages, passages } from '../../db/schema/index.js';
import {
  detectSpeech,
  findSpeechMachine,
  LOUDNESS,
  measureLoudness,
  speechOff,
  type Speech,
} from '../../platform/speech.js';
import { chooseVoice, installedVoices } from '../../platform/voices.js';
import { createServerDeps } from '../../server-deps.js';
import { importLibrary } from '../../seed/library-import.js';
import { FIXTURE_PAGES, fixtureLibrary } from './library.fixtures.js';
import { narrationService } from './narration.js';

const SLUG = 'b05-the-kite-in-the-tree';
const NEEDS =
  'narration needs festival, festvox-us-slt-hts, flite, espeak-ng, sox, pocketsphinx, pocketsphinx-en-us, lame and ffmpeg (CI installs them: see .ci/run)';
let t: TestApp;
let root: string;
let passageId: number;
let studentToken: string;

/** The real speech, counting how often it is asked to speak a page. */
function counting(speech: Speech) {
  const counter = { calls: 0 };
  const wrapped: Speech = {
    ...speech,
    narrate: (text, words, priority) => {
      counter.calls += 1;
      return speech.narrate(text, words, priority);
    },
  };
  return { counter, deps: { ...t.deps, speech: wrapped } satisfies Deps };
}

beforeAll(async () => {
  root = await fixtureLibrary([SLUG]);
  t = await createTestApp({ LIBRARY_DIR: root });
  await importLibrary(t.db, { root });
  passageId = (await t.db.select().from(passages).where(eq(passages.slug, SLUG)))[0]!.id;
  const world = await t.factories.school();
  studentToken = (await signIn(t, world.student.username)).access_token;
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('page narration', () => {
  it('finds the speech tools on this machine', () => {
    expect(t.deps.speech.unavailableReason, NEEDS).toBeNull();
  });

  it('narrates a short page with one timing per word, in order, within the audio', async () => {
    const started = performance.now();
    const page = await narrationService(t.deps).page(passageId, 1);
    const tookMs = Math.round(performance.now() - started);
    expect(page, NEEDS).not.toBeNull();
    const words = splitWords(FIXTURE_PAGES[0]!);
    expect(page!.word_timings.map((timing) => timing.word)).toEqual(words);
    let previousEnd = 0;
    for (const timing of page!.word_timings) {
      expect(timing.start_ms).toBeGreaterThanOrEqual(previousEnd);
      expect(timing.end_ms).toBeGreaterThan(timing.start_ms);
      previousEnd = timing.end_ms;
    }
    expect(previousEnd).toBeLessThanOrEqual(page!.duration_ms!);
    // Aligned by pocketsphinx, not the even-spread estimate used when alignment fails.
    const key = page!.narration_url.split('/').pop()!;
    const meta = JSON.parse(
      await readFile(path.join(t.deps.config.narration.dir, key.replace('.mp3', '.json')), 'utf8'),
    );
    expect(meta.aligned).toBe(true);
    console.info(
      `narration of a ${words.length}-word page: ${tookMs} ms, ${meta.durationMs} ms of audio, ` +
        `${meta.bytes} bytes (${Math.round(meta.bytes / (meta.durationMs / 1000))} bytes per second)`,
    );
    // Recorded on the page.
    const [row] = await t.db
      .select()
      .from(passagePages)
      .where(eq(passagePages.passageId, passageId))
      .orderBy(asc(passagePages.pageNum));
    expect(row!.narrationKey).toBe(key);
    expect(row!.wordTimings).toHaveLength(words.length);
  });

  it('serves the audio publicly, cached for good, with byte ranges', async () => {
    const page = (await narrationService(t.deps).page(passageId, 1))!;
    const response = await t.request({ method: 'GET', url: page.narration_url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bytes = response.rawPayload;
    const isMp3 =
      bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);
    expect(isMp3, 'an MP3 file').toBe(true);
    const part = await t.request({
      method: 'GET',
      url: page.narration_url,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    // The timings file beside it is not served.
    const json = await t.request({ method: 'GET', url: page.narration_url.replace('.mp3', '.json') });
    expect(json.statusCode).toBe(404);
  });

  it('speaks a page once, however many ask at the same time, and never again for the same text', async () => {
    const { counter, deps } = counting(t.deps.speech);
    const service = narrationService(deps);
    const [a, b] = await Promise.all([service.page(passageId, 2), service.page(passageId, 2)]);
    expect(a!.narration_url).toBe(b!.narration_url);
    expect(counter.calls).toBe(1);
    // A new database (or a re-import that cleared the page) finds the audio in DATA_DIR.
    await t.db.update(passagePages).set({ narrationKey: null, wordTimings: null });
    await service.page(passageId, 2);
    await service.page(passageId, 1);
    expect(counter.calls).toBe(1);
  });

  it('narrates a passage opened before its turn, at once, once however many ask', async () => {
    const { counter, deps } = counting(t.deps.speech);
    const service = narrationService(deps);
    await Promise.all([service.requestPassage(passageId), service.requestPassage(passageId)]);
    expect(counter.calls).toBe(2); // pages 3 and 4: pages 1 and 2 have theirs
    const pages = await t.db
      .select()
      .from(passagePages)
      .where(eq(passagePages.passageId, passageId))
      .orderBy(asc(passagePages.pageNum));
    expect(pages.map((page) => page.wordTimings?.length)).toEqual(
      FIXTURE_PAGES.map((text) => splitWords(text).length),
    );
  });

  it('narrates the missing pages in the background, one at a time, and has nothing to do after a restart', async () => {
    // A page whose text changed (a re-import clears its narration).
    await t.db
      .update(passagePages)
      .set({ text: 'Dad helps Sam. Sam is glad.', narrationKey: null, wordTimings: null })
      .where(and(eq(passagePages.passageId, passageId), eq(passagePages.pageNum, 4)));
    const { counter, deps } = counting(t.deps.speech);
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(line),
      warn: (line: string) => lines.push(`WARN ${line}`),
    };
    const first = await narrationService(deps).startBackgroundJob(log).done;
    expect(first).toEqual({ narrated: 1, failed: 0 });
    expect(counter.calls).toBe(1);
    expect(lines).toContain('narration 1/1');
    const rows = await t.db.select().from(passagePages).where(eq(passagePages.passageId, passageId));
    expect(rows.every((row) => row.narrationKey && row.wordTimings?.length)).toBe(true);

    const restarted = counting(t.deps.speech);
    const second = await narrationService(restarted.deps).startBackgroundJob(log).done;
    expect(second).toEqual({ narrated: 0, failed: 0 });
    expect(restarted.counter.calls).toBe(0);
  });

  it('narrates with the most natural voice installed (R28)', async () => {
    const best = chooseVoice((await findSpeechMachine()).installed);
    expect(best, NEEDS).not.toBeNull();
    expect(t.deps.speech.voice.startsWith(`${best!.id};`)).toBe(true);
  });

  it('times every word with each installed voice, aligned by pocketsphinx (R28)', async () => {
    const voices = installedVoices((await findSpeechMachine()).installed);
    const text = FIXTURE_PAGES[1]!;
    const words = splitWords(text);
    for (const voice of voices) {
      const narrated = await (await detectSpeech({ voiceId: voice.id })).narrate(text, words);
      expect(narrated.aligned, voice.id).toBe(true);
      expect(narrated.timings.map((timing) => timing.word)).toEqual(words);
      let previousEnd = 0;
      for (const timing of narrated.timings) {
        expect(timing.startMs).toBeGreaterThanOrEqual(previousEnd);
        expect(timing.endMs).toBeGreaterThan(timing.startMs);
        previousEnd = timing.endMs;
      }
      expect(previousEnd).toBeLessThanOrEqual(narrated.durationMs);
    }
  });

  it('a new voice narrates every page once more in the background; the old voice’s audio is kept (R30)', async () => {
    const voices = installedVoices((await findSpeechMachine()).installed);
    expect(voices.length, 'CI installs festival, flite and espeak-ng').toBeGreaterThanOrEqual(2);
    const other = await detectSpeech({ voiceId: voices.at(-1)!.id });
    expect(other.voice).not.toBe(t.deps.speech.voice);
    const quiet = { info: () => {}, warn: () => {} };
    const pageCount = FIXTURE_PAGES.length;

    const changed = counting(other);
    expect(await narrationService(changed.deps).startBackgroundJob(quiet).done).toEqual({
      narrated: pageCount,
      failed: 0,
    });
    expect(changed.counter.calls).toBe(pageCount);
    const again = counting(other);
    await narrationService(again.deps).startBackgroundJob(quiet).done;
    expect(again.counter.calls).toBe(0);
    // Back to the first voice: its audio is still in DATA_DIR, so the pages only point at it again.
    const back = counting(t.deps.speech);
    expect(await narrationService(back.deps).startBackgroundJob(quiet).done).toEqual({
      narrated: pageCount,
      failed: 0,
    });
    expect(back.counter.calls).toBe(0);
  });

  it('brings every page to the one loudness (R29)', async () => {
    const machine = await findSpeechMachine();
    const ffmpeg = machine.binaries.get('ffmpeg');
    expect(ffmpeg, 'ffmpeg measures loudness (CI installs it)').toBeDefined();
    const rows = await t.db.select().from(passagePages).where(eq(passagePages.passageId, passageId));
    for (const row of rows) {
      const loudness = await measureLoudness(
        ffmpeg!,
        path.join(t.deps.config.narration.dir, row.narrationKey!),
      );
      expect(loudness!.integratedLufs).toBeGreaterThan(LOUDNESS.targetLufs - 1);
      expect(loudness!.integratedLufs).toBeLessThan(LOUDNESS.targetLufs + 1);
      expect(loudness!.truePeakDb).toBeLessThan(LOUDNESS.peakLimitDb + 1);
    }
  });
});

describe('GET /v1/questions/narration', () => {
  const get = (word: string, token: string | undefined = studentToken) =>
    t.request({ method: 'GET', url: `/api/v1/questions/narration?word=${encodeURIComponent(word)}`, token });

  it('answers a link to the spoken word, which plays', async () => {
    const response = await get('elephant');
    expect(response.statusCode, response.body).toBe(200);
    const { file_url } = response.json<{ file_url: string }>();
    expect(file_url).toMatch(/^\/api\/narration\/[0-9a-f]{64}\.mp3$/);
    const audio = await t.request({ method: 'GET', url: file_url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.length).toBeGreaterThan(1000);
    expect((await get('elephant')).json()).toEqual({ file_url });
  });

  it('401 without a session, 400 for what is not one word, 404 for an unknown word', async () => {
    expectError(await get('elephant', ''), 401);
    expectError(await get('two words'), 400, 'query.word');
    expectError(await get('12'), 400, 'query.word');
    expect(expectError(await get('zzxqvk'), 404).message).toMatch(/not a word/);
  });
});

describe('without speech', () => {
  let off: { app: Awaited<ReturnType<typeof buildApp>>; deps: Deps; close(): Promise<void> };
  beforeAll(async () => {
    // The same app with a speech double that is never available, as on a machine without espeak-ng.
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'readalong-app-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LIBRARY_DIR: root,
      LOG_LEVEL: 'silent',
    });
    const deps = {
      ...(await createServerDeps(config, database.db)),
      speech: speechOff('espeak-ng is not installed'),
    };
    const app = await buildApp(deps, { logger: false });
    off = {
      app,
      deps,
      close: async () => {
        await app.close();
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(() => off.close());

  it('the word call answers 404 with a clear message', async () => {
    const world = await createFactories(off.deps.db).school();
    const token = (await signIn(off, world.student.username)).access_token;
    const response = await off.app.inject({
      method: 'GET',
      url: '/api/v1/questions/narration?word=elephant',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expectError(response, 404).message).toMatch(/not available.*browser/);
  });

  it('pages have no narration and the background job does nothing', async () => {
    await importLibrary(off.deps.db, { root });
    const [passage] = await off.deps.db.select().from(passages).where(eq(passages.slug, SLUG));
    const service = narrationService(off.deps);
    expect(await service.page(passage!.id, 1)).toBeNull();
    expect(await service.startBackgroundJob({ info: () => {}, warn: () => {} }).done).toEqual({
      narrated: 0,
      failed: 0,
    });
  });
});

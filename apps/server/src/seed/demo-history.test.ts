/**
 * The demo district's reading history, as its users see it through the API: demo.student's finished books and
 * scores, his level-up with its medal, his news, coins that match the ledger; a new student left untouched; and,
 * where speech can be made, read-aloud recordings: some waiting for demo.teacher, others graded with marks and a
 * comment, a book re-read faster, and a graded recording demo.student has not opened yet.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { AlertType, BuilderType, MistakeType, type Recording } from '@readalong/contracts';
import { createTestApp, signIn, type TestApp } from '../../test/app.js';
import {
  classTeachers,
  coinTransactions,
  levelChanges,
  students,
  users,
  worksheets,
} from '../db/schema/index.js';
import { ProgramError, runProgram } from '../platform/run-program.js';
import { detectSpeech } from '../platform/speech.js';
import { importLibrary } from './library-import.js';
import { seedDemo } from './demo-district.js';
import { DEMO_PASSWORD } from './demo-district-data.js';

/** The same check as narration's: without the speech packages the demo has no recordings. */
const noSpeech = (await detectSpeech()).unavailableReason !== null;

let t: TestApp;
let leo: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  await importLibrary(t.db, { root: t.deps.config.libraryDir });
  await seedDemo(t.db, new Date(), { platform: t.deps });
  const session = await signIn(t, 'demo.student', DEMO_PASSWORD);
  leo = { id: session.user_id, token: session.access_token };
});
afterAll(() => t.close());

const get = async <T>(url: string, token = leo.token) => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('the demo history', () => {
  it('gives demo.student finished books with varied quiz scores, passes and fails, over the past weeks', async () => {
    const { passages } = await get<{
      passages: { title: string; completed_at: string; score_percent: number | null }[];
    }>('/api/v1/worksheets/passage/submitted');
    expect(passages.length).toBeGreaterThanOrEqual(12);
    const scores = passages.map((book) => book.score_percent).filter((score) => score !== null);
    expect(Math.min(...scores)).toBeLessThan(80);
    expect(Math.max(...scores)).toBe(100);
    expect(scores.filter((score) => score >= 80).length).toBeGreaterThan(scores.length / 2);
    const days = passages.map((book) => Date.parse(book.completed_at));
    expect(Math.max(...days)).toBeLessThan(Date.now());
    expect(Date.now() - Math.min(...days)).toBeGreaterThan(50 * 86_400_000);
  });

  it('moved demo.student up a band with a medal, and he still has unread books at his new band', async () => {
    const [change] = await t.db
      .select()
      .from(levelChanges)
      .where(and(eq(levelChanges.studentId, leo.id), eq(levelChanges.rule, 'level_up')));
    expect(change).toMatchObject({ fromColourBandId: 8, toColourBandId: 9 });
    expect(['gold', 'silver', 'bronze']).toContain(change!.details.medal);

    const [student] = await t.db.select().from(students).where(eq(students.userId, leo.id));
    expect(student!.colourBandId).toBe(9);
    const { passages } = await get<{
      passages: { colour_band_id: number; worksheet_id: number | null }[];
    }>(`/api/v1/worksheets/passage?type_id=${BuilderType.PowerBuilder}`);
    const unread = passages.filter((book) => book.colour_band_id === 9 && book.worksheet_id === null);
    expect(unread.length).toBeGreaterThanOrEqual(2);
  });

  it('shows demo.student his news: passes, a fail and the medal', async () => {
    const { alerts } = await get<{ alerts: { type_id: number; message: string }[] }>(
      '/api/v1/students/alerts?limit=100',
    );
    const types = new Set(alerts.map((alert) => alert.type_id));
    expect(types).toContain(AlertType.Pass);
    expect(types).toContain(AlertType.Fail);
    expect(
      [AlertType.LevelUpGold, AlertType.LevelUpSilver, AlertType.LevelUpBronze].some((type) =>
        types.has(type),
      ),
    ).toBe(true);
  });

  it('pays demo.student coins that add up to his ledger', async () => {
    const [student] = await t.db.select().from(students).where(eq(students.userId, leo.id));
    const [ledger] = await t.db
      .select({ total: sql<number>`coalesce(sum(${coinTransactions.amount}), 0)::int` })
      .from(coinTransactions)
      .where(eq(coinTransactions.studentId, leo.id));
    expect(student!.coins).toBe(ledger!.total);
    expect(student!.coins).toBeGreaterThan(100);
  });

  it('leaves chloe.park, who awaits placement, with no band and no work', async () => {
    const [chloe] = await t.db.select().from(users).where(eq(users.username, 'chloe.park'));
    const [student] = await t.db.select().from(students).where(eq(students.userId, chloe!.id));
    expect(student!.colourBandId).toBeNull();
    expect(await t.db.select().from(worksheets).where(eq(worksheets.studentId, chloe!.id))).toHaveLength(0);
  });
});

describe.skipIf(noSpeech)('the demo recordings', () => {
  let teacherToken: string;
  /** Every recording of demo.teacher's classes, each class's list as the API orders it. */
  let lists: Recording[][];
  let all: Recording[];

  beforeAll(async () => {
    teacherToken = (await signIn(t, 'demo.teacher', DEMO_PASSWORD)).access_token;
    const [teacher] = await t.db.select().from(users).where(eq(users.username, 'demo.teacher'));
    const taught = await t.db.select().from(classTeachers).where(eq(classTeachers.teacherId, teacher!.id));
    lists = [];
    for (const { classId } of taught) {
      const { recordings } = await get<{ recordings: Recording[] }>(
        `/api/v1/classes/recordings?class_id=${classId}`,
        teacherToken,
      );
      lists.push(recordings);
    }
    all = lists.flat();
  });

  it('leaves demo.teacher the latest few waiting for review, waiting first and newest first', () => {
    const waiting = all.filter((recording) => !recording.grading_completed);
    expect(waiting.length).toBeGreaterThanOrEqual(4);
    expect(new Set(waiting.map((recording) => recording.student_id)).size).toBeGreaterThanOrEqual(2);
    for (const list of lists) {
      const firstGraded = list.findIndex((recording) => recording.grading_completed);
      const waitingHere = list.filter((recording) => !recording.grading_completed);
      if (firstGraded >= 0) expect(list.slice(firstGraded).every((r) => r.grading_completed)).toBe(true);
      const times = waitingHere.map((recording) => recording.created_at);
      expect(times).toEqual(times.toSorted().reverse());
    }
    // Waiting ones are the latest: made after every graded one.
    const lastGraded = Math.max(
      ...all.filter((r) => r.grading_completed).map((r) => Date.parse(r.created_at)),
    );
    expect(waiting.every((recording) => Date.parse(recording.created_at) > lastGraded)).toBe(true);
    // With quiet before and after the speech, the server found where it starts and ends.
    for (const recording of waiting) {
      expect(recording.suggested_start).toBeGreaterThanOrEqual(0.3);
      expect(recording.suggested_end! * 1000).toBeLessThan(recording.duration_ms - 300);
      expect(recording.wpm).toBeNull();
    }
  });

  it('has graded recordings with a confirmed trim, a comment and marks of all four kinds', async () => {
    const graded = all.filter((recording) => recording.grading_completed);
    expect(graded.length).toBeGreaterThanOrEqual(6);
    const types = new Set<number>();
    for (const recording of graded) {
      expect(recording.comment).toMatch(/\w/);
      expect(recording.wpm_confirmed).toBe(true);
      // Children read about 60–140 words a minute.
      expect(recording.wpm).toBeGreaterThanOrEqual(55);
      expect(recording.wpm).toBeLessThanOrEqual(145);
      expect(recording.start_time).toBeCloseTo(recording.suggested_start!, 0);
      const marks = await get<{ mistakes: { type: number; word_index: number }[]; num_mistakes: number }>(
        `/api/v1/worksheets/recording/${recording.id}/mistakes`,
        teacherToken,
      );
      expect(marks.num_mistakes).toBeGreaterThanOrEqual(1);
      expect(marks.num_mistakes).toBe(recording.num_mistakes);
      for (const mistake of marks.mistakes) types.add(mistake.type);
      expect(recording.accuracy).toBeLessThanOrEqual(100);
    }
    expect([...types].sort()).toEqual(Object.values(MistakeType).sort());
    expect(new Set(graded.map((recording) => recording.wpm)).size).toBeGreaterThan(graded.length / 2);
  });

  it('shows a book re-read weeks later, faster and more accurately', () => {
    const byBook = new Map<string, Recording[]>();
    for (const recording of all.filter((r) => r.wpm_confirmed)) {
      const key = `${recording.student_id}:${recording.passage_id}`;
      byBook.set(key, [...(byBook.get(key) ?? []), recording]);
    }
    const reread = [...byBook.values()].find((list) => list.length >= 2);
    expect(reread).toBeDefined();
    const [first, again] = reread!.toSorted((a, b) => a.created_at.localeCompare(b.created_at));
    expect(Date.parse(again!.created_at) - Date.parse(first!.created_at)).toBeGreaterThan(14 * 86_400_000);
    expect(again!.wpm!).toBeGreaterThan(first!.wpm!);
    expect(again!.wcpm!).toBeGreaterThan(first!.wcpm!);
    expect(again!.accuracy!).toBeGreaterThanOrEqual(first!.accuracy!);
  });

  it('gives demo.student a graded recording with a comment he has not opened yet', async () => {
    const his = all.filter((recording) => recording.student_id === leo.id);
    expect(his.length).toBeGreaterThanOrEqual(1);
    const { recordings } = await get<{ recordings: Recording[] }>(
      `/api/v1/worksheets/${his[0]!.worksheet_id}/recording`,
    );
    expect(recordings[0]).toMatchObject({ grading_completed: true, grading_viewed: false });
    expect(recordings[0]!.comment).toMatch(/Leo/);
    // Others have opened some of theirs.
    expect(all.some((recording) => recording.grading_viewed)).toBe(true);
  });

  it('serves real audio of the reading, as long as it says', async () => {
    const recording = all[0]!;
    const link = new URL(recording.file_url!, 'http://localhost');
    const response = await t.request({ method: 'GET', url: link.pathname + link.search });
    expect(response.statusCode).toBe(200);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'demo-recording-'));
    try {
      const file = path.join(dir, 'take');
      await writeFile(file, response.rawPayload);
      const probed = await runProgram('ffprobe', [
        ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file],
      ]).catch((error: unknown) => {
        if (error instanceof ProgramError && error.missing) return null; // no ffmpeg: the upload's own check stands
        throw error;
      });
      if (!probed) return;
      const info = JSON.parse(probed.stdout.toString()) as {
        format: { duration: string };
        streams: { codec_type: string }[];
      };
      expect(info.streams.map((stream) => stream.codec_type)).toEqual(['audio']);
      expect(Math.abs(Number(info.format.duration) * 1000 - recording.duration_ms)).toBeLessThan(100);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The demo district's reading history, as its users see it through the API: demo.student's finished books and
 * scores, his level-up with its medal, his news, coins that match the ledger; a new student left untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { AlertType, BuilderType } from '@readalong/contracts';
import { createTestApp, signIn, type TestApp } from '../../test/app.js';
import { coinTransactions, levelChanges, students, users, worksheets } from '../db/schema/index.js';
import { importLibrary } from './library-import.js';
import { seedDemo } from './demo-district.js';
import { DEMO_PASSWORD } from './demo-district-data.js';

let t: TestApp;
let leo: { id: number; token: string };
let seedMs = 0;

beforeAll(async () => {
  t = await createTestApp();
  await importLibrary(t.db, { root: t.deps.config.libraryDir });
  const started = performance.now();
  await seedDemo(t.db);
  seedMs = performance.now() - started;
  const session = await signIn(t, 'demo.student', DEMO_PASSWORD);
  leo = { id: session.user_id, token: session.access_token };
}, 60_000);
afterAll(() => t.close());

const get = async <T>(url: string, token = leo.token) => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('the demo history', () => {
  it('is seeded quickly', () => {
    console.log(`demo seed with history: ${Math.round(seedMs)} ms`);
    expect(seedMs).toBeLessThan(10_000);
  });

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../db/database.js';
import {
  academicLevels,
  learningOutcomes,
  subAcademicLevels,
  topicGroups,
  topics,
} from '../db/schema/index.js';
import { REFERENCE_DATA, seedReferenceData } from './reference-data.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const outcomeCount = () =>
  REFERENCE_DATA.topicGroups.flatMap((group) => group.topics.flatMap((topic) => topic.outcomes)).length;

async function counts() {
  const tables = { academicLevels, subAcademicLevels, topicGroups, topics, learningOutcomes };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [
      name,
      (await db.select({ n: count() }).from(table))[0]!.n,
    ]),
  );
  return Object.fromEntries(entries) as Record<keyof typeof tables, number>;
}

describe('reference data', () => {
  it('holds Kindergarten to Grade 8 in order, three terms each', async () => {
    await seedReferenceData(db);
    const grades = await db.select().from(academicLevels).orderBy(asc(academicLevels.position));
    expect(grades.map((grade) => grade.name)).toEqual([
      'Kindergarten',
      ...Array.from({ length: 8 }, (_, index) => `Grade ${index + 1}`),
    ]);
    expect((await counts()).subAcademicLevels).toBe(grades.length * 3);
  });

  it('holds every learning outcome of the taxonomy file, under three to four topic groups', async () => {
    const seeded = await counts();
    expect(seeded.topicGroups).toBeGreaterThanOrEqual(3);
    expect(seeded.topicGroups).toBeLessThanOrEqual(4);
    expect(seeded.learningOutcomes).toBe(outcomeCount());
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    await seedReferenceData(db);
    await seedReferenceData(db);
    expect(await counts()).toEqual(before);
  });

  it('brings an outcome reworded in the file up to date, matched by its code', async () => {
    const [outcome] = await db.select().from(learningOutcomes).limit(1);
    await db
      .update(learningOutcomes)
      .set({ name: 'Old wording' })
      .where(eq(learningOutcomes.id, outcome!.id));
    await seedReferenceData(db);
    const [after] = await db.select().from(learningOutcomes).where(eq(learningOutcomes.id, outcome!.id));
    expect(after!.name).toBe(outcome!.name);
  });
});

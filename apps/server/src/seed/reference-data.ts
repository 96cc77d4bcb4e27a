/**
 * Grades, terms and the learning-outcome taxonomy from content/taxonomy/reference-data.json (its README describes
 * the format). Run on every start: inserts what is missing, so it is safe to repeat.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import taxonomyFile from '../../../../content/taxonomy/reference-data.json' with { type: 'json' };
import type { Database, Executor } from '../db/database.js';
import {
  academicLevels,
  learningOutcomes,
  subAcademicLevels,
  topicGroups,
  topics,
} from '../db/schema/index.js';

const Name = z.string().trim().min(1);

const ReferenceData = z
  .object({
    academicLevels: z.array(
      z.object({ name: Name, position: z.number().int().min(0), terms: z.array(Name).min(1) }),
    ),
    topicGroups: z.array(
      z.object({
        name: Name,
        topics: z.array(
          z.object({
            name: Name,
            outcomes: z
              .array(z.object({ code: z.string().regex(/^[A-Z]+\.[A-Z0-9_]+$/), name: Name }))
              .min(1),
          }),
        ),
      }),
    ),
  })
  .superRefine((data, context) => {
    const outcomes = data.topicGroups.flatMap((group) => group.topics.flatMap((topic) => topic.outcomes));
    const problems = [
      ...duplicates(
        'grade',
        data.academicLevels.map((level) => level.name),
      ),
      ...data.academicLevels.flatMap((level) => duplicates(`term of ${level.name}`, level.terms)),
      ...duplicates(
        'topic group',
        data.topicGroups.map((group) => group.name),
      ),
      ...data.topicGroups.flatMap((group) =>
        duplicates(
          `topic of ${group.name}`,
          group.topics.map((t) => t.name),
        ),
      ),
      ...duplicates(
        'outcome code',
        outcomes.map((outcome) => outcome.code),
      ),
    ];
    for (const message of problems) context.addIssue({ code: 'custom', message });
  });

export type ReferenceData = z.infer<typeof ReferenceData>;

function duplicates(what: string, values: string[]): string[] {
  const repeated = values.filter((value, index) => values.indexOf(value) !== index);
  return [...new Set(repeated)].map((value) => `duplicate ${what}: ${value}`);
}

export const REFERENCE_DATA = parseReferenceData(taxonomyFile);

function parseReferenceData(file: unknown): ReferenceData {
  const result = ReferenceData.safeParse(file);
  if (!result.success) {
    throw new Error(`content/taxonomy/reference-data.json is invalid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction((tx) => insertMissingReferenceData(tx));
}

/** For callers already inside a transaction (the demo seed needs the grades its classes point at). */
export async function insertMissingReferenceData(db: Executor): Promise<void> {
  await insertAcademicLevels(db, REFERENCE_DATA.academicLevels);
  await insertTaxonomy(db, REFERENCE_DATA.topicGroups);
}

async function insertAcademicLevels(db: Executor, levels: ReferenceData['academicLevels']) {
  const levelIds = await insertMissing(
    await db.select().from(academicLevels),
    levels.map(({ name, position }) => ({ name, position })),
    (level) => level.name,
    (rows) => db.insert(academicLevels).values(rows).returning(),
  );
  await insertMissing(
    await db.select().from(subAcademicLevels),
    levels.flatMap((level) =>
      level.terms.map((name) => ({ academicLevelId: levelIds.get(level.name)!, name })),
    ),
    (term) => `${term.academicLevelId}/${term.name}`,
    (rows) => db.insert(subAcademicLevels).values(rows).returning(),
  );
}

async function insertTaxonomy(db: Executor, groups: ReferenceData['topicGroups']) {
  const groupIds = await insertMissing(
    await db.select().from(topicGroups),
    groups.map(({ name }) => ({ name })),
    (group) => group.name,
    (rows) => db.insert(topicGroups).values(rows).returning(),
  );
  const topicKey = (topic: { topicGroupId: number; name: string }) => `${topic.topicGroupId}/${topic.name}`;
  const topicIds = await insertMissing(
    await db.select().from(topics),
    groups.flatMap((group) =>
      group.topics.map(({ name }) => ({ topicGroupId: groupIds.get(group.name)!, name })),
    ),
    topicKey,
    (rows) => db.insert(topics).values(rows).returning(),
  );
  const outcomes = groups.flatMap((group) =>
    group.topics.flatMap((topic) => {
      const topicId = topicIds.get(topicKey({ topicGroupId: groupIds.get(group.name)!, name: topic.name }))!;
      return topic.outcomes.map(({ code, name }) => ({ topicId, code, name }));
    }),
  );
  // The code is an outcome's identity, so a reworded name or a move to another topic updates the row in place.
  await db
    .insert(learningOutcomes)
    .values(outcomes)
    .onConflictDoUpdate({
      target: learningOutcomes.code,
      set: { name: sql`excluded.name`, topicId: sql`excluded.topic_id` },
    });
}

/** Inserts the wanted rows whose key no existing row has; returns the id of every key. */
async function insertMissing<Row>(
  existing: (Row & { id: number })[],
  wanted: Row[],
  keyOf: (row: Row) => string,
  insert: (rows: Row[]) => Promise<(Row & { id: number })[]>,
): Promise<Map<string, number>> {
  const ids = new Map(existing.map((row) => [keyOf(row), row.id]));
  const missing = wanted.filter((row) => !ids.has(keyOf(row)));
  if (missing.length > 0) for (const row of await insert(missing)) ids.set(keyOf(row), row.id);
  return ids;
}

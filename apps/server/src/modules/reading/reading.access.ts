/**
 * Which passages a student may open, as an SQL condition every lookup and list uses (docs/rules.md R1). Staff may
 * open every passage: the library is shared by every school. Which worksheets an actor may see is
 * `access/scope.ts`.
 */
import { and, eq, inArray, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { BuilderType } from '@readalong/contracts';
import type { Executor } from '../../db/database.js';
import { assignments, passages } from '../../db/schema/index.js';
import { assignedTo } from '../access/scope.js';
import type { Reader } from '../progression/progression.service.js';

/** Passages assigned to a class the student is enrolled in (and not withdrawn). */
export function assignedPassageIds(db: Executor, studentId: number | Placeholder) {
  return db.select({ id: assignments.passageId }).from(assignments).where(assignedTo(db, studentId));
}

/**
 * The reader's fields the condition reads: values, or placeholders of a query prepared once (a placeholder whose
 * value is null compares as unknown, which excludes as the left-out comparison does; a null band is a shape of
 * its own).
 */
type OpenToReader = {
  [Field in 'userId' | 'seriesId' | 'colourBandId' | 'placementTestId']: Reader[Field] | Placeholder;
};

/**
 * Condition on `passages`: what a student may open. With a band: power and rate builders up to one band above
 * theirs, every skill builder, their series' placement test (or the one set for them) and anything assigned to
 * them. Without a band (new, or reset): placement tests only.
 */
export function passagesOpenTo(db: Executor, reader: OpenToReader): SQL {
  const isPlacementTest = eq(passages.builderTypeId, BuilderType.PlacementTest);
  if (reader.colourBandId === null) return isPlacementTest;
  const ownTests = [
    reader.seriesId !== null ? eq(passages.seriesId, reader.seriesId) : undefined,
    reader.placementTestId !== null ? eq(passages.id, reader.placementTestId) : undefined,
  ].filter((condition) => condition !== undefined);
  return or(
    and(
      inArray(passages.builderTypeId, [BuilderType.PowerBuilder, BuilderType.RateBuilder]),
      lte(passages.colourBandId, sql`${reader.colourBandId} + 1`),
    ),
    eq(passages.builderTypeId, BuilderType.SkillBuilder),
    ownTests.length > 0 ? and(isPlacementTest, or(...ownTests)) : undefined,
    inArray(passages.id, assignedPassageIds(db, reader.userId)),
  )!;
}

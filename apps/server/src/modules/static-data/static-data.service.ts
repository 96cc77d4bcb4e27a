/** Reference data: grades, the learning-outcome taxonomy, series and bands, and the schools a user can see. */
import { asc } from 'drizzle-orm';
import { COLOUR_BANDS, SERIES, SERIES_PROGRESSION } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import {
  academicLevels,
  learningOutcomes,
  schools,
  subAcademicLevels,
  topicGroups,
  topics,
} from '../../db/schema/index.js';
import type { Actor } from '../../domain/actor.js';
import { visibleSchools } from '../access/scope.js';

export function createStaticDataService({ db }: Deps) {
  return {
    async academicLevels() {
      const rows = await db.select().from(academicLevels).orderBy(asc(academicLevels.position));
      return { academic_levels: rows.map(({ id, name, position }) => ({ id, name, position })) };
    },

    async subAcademicLevels() {
      const rows = await db.select().from(subAcademicLevels).orderBy(asc(subAcademicLevels.id));
      return {
        sub_academic_levels: rows.map((row) => ({
          id: row.id,
          name: row.name,
          academic_level_id: row.academicLevelId,
        })),
      };
    },

    async schools(actor: Actor) {
      const rows = await db.select().from(schools).where(visibleSchools(actor)).orderBy(asc(schools.name));
      return { schools: rows.map(({ id, name, districtId }) => ({ id, name, district_id: districtId })) };
    },

    async topics() {
      const [groups, topicRows, outcomes] = await Promise.all([
        db.select().from(topicGroups).orderBy(asc(topicGroups.id)),
        db.select().from(topics).orderBy(asc(topics.id)),
        db.select().from(learningOutcomes).orderBy(asc(learningOutcomes.id)),
      ]);
      return {
        topic_groups: groups.map(({ id, name }) => ({ id, name })),
        topics: topicRows.map((row) => ({ id: row.id, name: row.name, topic_group_id: row.topicGroupId })),
        learning_outcomes: outcomes.map((row) => ({
          id: row.id,
          name: row.name,
          code: row.code,
          topic_id: row.topicId,
        })),
      };
    },

    series() {
      return {
        series: SERIES.map((series) => ({
          id: series.id,
          name: series.name,
          position: SERIES_PROGRESSION.indexOf(series.id),
          first_colour_band_id: series.defaultBands[0],
          last_colour_band_id: series.defaultBands[1],
        })).sort((a, b) => a.position - b.position),
        colour_bands: COLOUR_BANDS.map((band) => ({ ...band })),
      };
    },
  };
}

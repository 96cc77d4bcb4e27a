/** Module static-data: reference lists every signed-in user may read (schools are scoped, A3). */
import { z } from 'zod';
import { ANY_ROLE, defineContract } from '../contract.js';
import { ColourBandId, SeriesId } from '../domain-schemas.js';

const Named = { id: z.number().int(), name: z.string() };

export const AcademicLevel = z.object({ ...Named, position: z.number().int() });

export const SubAcademicLevel = z.object({ ...Named, academic_level_id: z.number().int() });

export const getAcademicLevels = defineContract({
  name: 'getAcademicLevels',
  method: 'GET',
  path: '/v1/static-data/academic-levels',
  summary: 'Grades, in order.',
  access: ANY_ROLE,
  response: z.object({ academic_levels: z.array(AcademicLevel) }),
});

export const getSubAcademicLevels = defineContract({
  name: 'getSubAcademicLevels',
  method: 'GET',
  path: '/v1/static-data/sub-academic-levels',
  summary: 'Terms within each grade.',
  access: ANY_ROLE,
  response: z.object({ sub_academic_levels: z.array(SubAcademicLevel) }),
});

export const getStaticSchools = defineContract({
  name: 'getStaticSchools',
  method: 'GET',
  path: '/v1/static-data/schools',
  summary: 'The schools the caller can see: their own, or their district’s.',
  access: ANY_ROLE,
  response: z.object({
    schools: z.array(z.object({ ...Named, district_id: z.number().int() })),
  }),
});

export const TopicGroup = z.object({ ...Named });

export const Topic = z.object({ ...Named, topic_group_id: z.number().int() });

export const LearningOutcome = z.object({
  ...Named,
  code: z.string().describe('short stable code, e.g. C.MAIN'),
  topic_id: z.number().int(),
});

export const getTopics = defineContract({
  name: 'getTopics',
  method: 'GET',
  path: '/v1/static-data/topics',
  summary: 'The learning-outcome taxonomy: topic groups, topics and learning outcomes.',
  access: ANY_ROLE,
  response: z.object({
    topic_groups: z.array(TopicGroup),
    topics: z.array(Topic),
    learning_outcomes: z.array(LearningOutcome),
  }),
});

export const getSeries = defineContract({
  name: 'getSeries',
  method: 'GET',
  path: '/v1/static-data/series',
  summary: 'Series with the colour bands each covers, and the 26 colour bands.',
  access: ANY_ROLE,
  response: z.object({
    series: z.array(
      z.object({
        id: SeriesId,
        name: z.string(),
        position: z.number().int().describe('0 = lowest (BR)'),
        first_colour_band_id: ColourBandId,
        last_colour_band_id: ColourBandId,
      }),
    ),
    colour_bands: z.array(
      z.object({
        id: ColourBandId,
        name: z.string(),
        colour: z.string().describe('hex colour'),
        min_lexile: z.number().int().nullable(),
        max_lexile: z.number().int().nullable(),
      }),
    ),
  }),
});

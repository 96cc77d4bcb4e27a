/**
 * Not served yet: calls of a future `insights` module, the staff's class and school analytics (reading overviews,
 * weekly activity, level progression, colour bands, learning outcomes). Staff see the classes in their scope (A3);
 * `school_id` narrows a department head's view to one school.
 */
import { z } from 'zod';
import {
  CalendarDate,
  Count,
  DateRange,
  Id,
  IdList,
  IdParams,
  paging,
  Percent,
  QueryBoolean,
  RecordId,
  SchoolScope,
  SeriesIdQuery,
  Timestamp,
} from '../common.js';
import { CLASS_OVERVIEW_PAGE_SIZE } from '../constants.js';
import { defineContract, STAFF } from '../contract.js';
import { ColourBandId, SeriesId } from '../domain.js';
import {
  GroupActivityCounts,
  LearningOutcomeScore,
  PassageActivity,
  StudentReadingRow,
} from '../entities.js';

const ClassQuery = z.object({ class_id: Id.describe('the class') });

export const getPassageActivity = defineContract({
  name: 'getPassageActivity',
  method: 'GET',
  path: '/v1/worksheets/passage/activity',
  summary: 'How a class’s students have used each passage.',
  access: STAFF,
  query: ClassQuery,
  response: z.object({ passages: z.array(PassageActivity) }),
});

export const getAssignmentsActivity = defineContract({
  name: 'getAssignmentsActivity',
  method: 'GET',
  path: '/v1/worksheets/assignments/activity',
  summary: 'Progress of each assignment of a class.',
  access: STAFF,
  query: ClassQuery,
  response: z.object({
    assignments: z.array(
      PassageActivity.extend({
        assignment_id: RecordId,
        due_at: CalendarDate.nullable(),
        students_assigned: Count,
        recordings_submitted: Count,
      }),
    ),
  }),
});

export const getClassesReadingOverview = defineContract({
  name: 'getClassesReadingOverview',
  method: 'GET',
  path: '/v1/classes/reading-overview',
  summary: 'Reading of every student of the given classes over a date range.',
  access: STAFF,
  query: z.object({
    class_ids: IdList.describe('comma-separated class ids'),
    ...DateRange,
  }),
  response: z.object({ students: z.array(StudentReadingRow) }),
});

export const getClassesReadingOverviewPaginated = defineContract({
  name: 'getClassesReadingOverviewPaginated',
  method: 'GET',
  path: '/v1/classes/reading-overview-paginated',
  summary: 'Reading of the students in scope over a date range, a page at a time.',
  access: STAFF,
  query: z.object({
    ...paging(CLASS_OVERVIEW_PAGE_SIZE),
    ...SchoolScope,
    series_id: SeriesIdQuery.optional().describe('only students in this series'),
    ...DateRange,
  }),
  response: z.object({ students: z.array(StudentReadingRow), page: Count, limit: Count, total: Count }),
});

/** A class's activity week by week. */
export const ClassWeeklyActivity = z.object({
  class_id: RecordId,
  name: z.string(),
  weeks: z.array(GroupActivityCounts.extend({ week_start: CalendarDate.describe('Monday of the week') })),
});

export const getWeeklyActivity = defineContract({
  name: 'getWeeklyActivity',
  method: 'GET',
  path: '/v1/classes/weekly-activity',
  summary: 'Week-by-week activity of the caller’s classes (or, with all, every class in scope).',
  access: STAFF,
  query: z.object({
    ...SchoolScope,
    page: paging().page,
    all: QueryBoolean.optional().describe('every class in scope, not only those the caller teaches'),
  }),
  response: z.object({ classes: z.array(ClassWeeklyActivity), page: Count, has_more: z.boolean() }),
});

export const getClassWeeklyActivity = defineContract({
  name: 'getClassWeeklyActivity',
  method: 'GET',
  path: '/v1/classes/weekly-activity/{id}',
  summary: 'Week-by-week activity of one class.',
  access: STAFF,
  params: IdParams,
  response: ClassWeeklyActivity,
});

/** Filters of the analytics calls: a school (department heads), a class, a date range. */
const AnalyticsQuery = z.object({
  ...SchoolScope,
  class_id: Id.optional().describe('only this class'),
  ...DateRange,
});

export const getInsights = defineContract({
  name: 'getInsights',
  method: 'GET',
  path: '/v1/classes/insights',
  summary: 'Totals of reading, quizzes, fluency and grading for the classes in scope.',
  access: STAFF,
  query: AnalyticsQuery,
  response: GroupActivityCounts.extend({
    total_students: Count,
    average_score_percent: Percent.nullable(),
    average_wpm: z.number().min(0).nullable(),
    average_wcpm: z.number().min(0).nullable(),
    recordings_graded: Count,
  }),
});

export const LEVEL_CHANGE_REASONS = [
  'level_up',
  'level_down',
  'placement',
  'manual_placement',
  'reset',
] as const;

export const LevelChange = z.object({
  student_id: RecordId,
  student_name: z.string(),
  from_series_id: SeriesId.nullable(),
  from_colour_band_id: ColourBandId.nullable(),
  to_series_id: SeriesId.nullable(),
  to_colour_band_id: ColourBandId.nullable(),
  reason: z.enum(LEVEL_CHANGE_REASONS),
  detail: z.string().describe('the rule and scores behind the change'),
  changed_by: z.string().nullable().describe('who placed or reset the student; null for a rule'),
  changed_at: Timestamp,
});

export const getLevelProgression = defineContract({
  name: 'getLevelProgression',
  method: 'GET',
  path: '/v1/classes/level-progression',
  summary: 'Level changes of the students in scope, newest first, each with its reason.',
  access: STAFF,
  query: AnalyticsQuery,
  response: z.object({ level_changes: z.array(LevelChange) }),
});

export const getClassActivity = defineContract({
  name: 'getClassActivity',
  method: 'GET',
  path: '/v1/classes/activity',
  summary: 'Day-by-day activity of the students in scope.',
  access: STAFF,
  query: AnalyticsQuery,
  response: z.object({ days: z.array(GroupActivityCounts.extend({ date: CalendarDate })) }),
});

export const getStudentColourBandBySeries = defineContract({
  name: 'getStudentColourBandBySeries',
  method: 'GET',
  path: '/v1/classes/student-colour-band-by-series',
  summary: 'How many students in scope sit at each colour band of each series.',
  access: STAFF,
  query: z.object({ ...SchoolScope, class_id: Id.optional().describe('only this class') }),
  response: z.object({
    series: z.array(
      z.object({
        series_id: SeriesId,
        colour_bands: z.array(z.object({ colour_band_id: ColourBandId, student_count: Count })),
      }),
    ),
    unplaced_count: Count.describe('students with no colour band yet'),
  }),
});

export const getLearningOutcomePerformance = defineContract({
  name: 'getLearningOutcomePerformance',
  method: 'GET',
  path: '/v1/analysis/learning-outcome-performance',
  summary: 'Score per learning outcome across the students in scope.',
  access: STAFF,
  query: AnalyticsQuery.extend({
    topic_groups: IdList.optional().describe('only outcomes of these topic groups'),
  }),
  response: z.object({ learning_outcome_performances: z.array(LearningOutcomeScore) }),
});

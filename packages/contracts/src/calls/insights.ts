/**
 * Module insights: the staff's class, school and district figures (docs/rules.md IN1–IN9): reading overviews,
 * activity day by day and week by week, level progression, colour bands, learning outcomes, fluency. Staff see the
 * students of their scope (A3); `school_id` narrows a department head's view to one school, `class_id` to one class.
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
  Text,
  Timestamp,
} from '../common.js';
import { CLASS_OVERVIEW_PAGE_SIZE } from '../constants.js';
import { defineContract, STAFF } from '../contract.js';
import { ColourBandId, SeriesId } from '../domain-schemas.js';
import { GroupActivityCounts, LearningOutcomeScore, StudentReadingRow } from '../entities.js';

/** Without a `start`, insights cover the last 28 days up to today (IN1). */
export const INSIGHTS_DEFAULT_DAYS = 28;
/** Weeks of weekly activity, the current one last (IN5). */
export const WEEKLY_ACTIVITY_WEEKS = 8;
/** Classes per page of weekly activity. */
export const WEEKLY_ACTIVITY_PAGE_SIZE = 20;
/** Level changes per page of level progression. */
export const LEVEL_PROGRESSION_PAGE_SIZE = 50;
/** Width of a fluency band, in words per minute (IN3). */
export const FLUENCY_BAND_WIDTH = 20;
/** The last fluency band starts here and has no upper end. */
export const FLUENCY_BAND_TOP = 200;

const InsightsRange = { ...DateRange };
const ClassFilter = { class_id: Id.optional().describe('only the students of this class') };

/** Filters of the insights calls: a school (department heads), a class, a date range (default the last 28 days). */
const InsightsQuery = z.object({ ...SchoolScope, ...ClassFilter, ...InsightsRange });

export const StudentCount = z.object({
  student_count: Count,
  active_student_count: Count.describe('students active in the last 7 days (IN2)'),
  class_count: Count,
});

export const getStudentCount = defineContract({
  name: 'getStudentCount',
  method: 'GET',
  path: '/v1/classes/student-count',
  summary:
    'How many students and classes are in scope, and how many students were active in the last 7 days.',
  access: STAFF,
  query: z.object({ ...SchoolScope }),
  response: StudentCount,
});

/** Students per fluency band by their latest WPM and by their latest WCPM (IN3). */
export const FluencyBand = z.object({
  from: Count.describe('words per minute, inclusive'),
  to: Count.nullable().describe('words per minute, exclusive; null for the top band'),
  wpm_students: Count,
  wcpm_students: Count,
});

export const Insights = GroupActivityCounts.extend({
  total_students: Count,
  average_score_percent: Percent.nullable().describe('power-builder quizzes handed in over the period'),
  average_wpm: z.number().min(0).nullable().describe('of the students’ latest WPM'),
  average_wcpm: z.number().min(0).nullable().describe('of the students’ latest WCPM'),
  recordings_graded: Count.describe('read-aloud recordings graded over the period'),
  recordings_waiting: Count.describe('read-aloud recordings not graded yet, whenever made'),
  fluency: z.array(FluencyBand),
});

export const getInsights = defineContract({
  name: 'getInsights',
  method: 'GET',
  path: '/v1/classes/insights',
  summary: 'Totals of reading, quizzes, fluency and grading for the students in scope over a period.',
  access: STAFF,
  query: InsightsQuery,
  response: Insights,
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
  school_id: RecordId,
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
  summary:
    'Level changes of the students in scope over a period, newest first, with how many of each reason.',
  access: STAFF,
  query: InsightsQuery.extend({ page: paging().page }),
  response: z.object({
    reasons: z.array(
      z.object({ reason: z.enum(LEVEL_CHANGE_REASONS), change_count: Count, student_count: Count }),
    ),
    level_changes: z.array(LevelChange),
    page: Count,
    limit: Count,
    total: Count,
  }),
});

export const getClassActivity = defineContract({
  name: 'getClassActivity',
  method: 'GET',
  path: '/v1/classes/activity',
  summary: 'Day-by-day activity of the students in scope: every day of the period (at most 366).',
  access: STAFF,
  query: InsightsQuery,
  response: z.object({ days: z.array(GroupActivityCounts.extend({ date: CalendarDate })) }),
});

export const getStudentColourBandBySeries = defineContract({
  name: 'getStudentColourBandBySeries',
  method: 'GET',
  path: '/v1/classes/student-colour-band-by-series',
  summary:
    'How many students in scope sit at each colour band of each series, one row per pair that has any.',
  access: STAFF,
  query: z.object({ ...SchoolScope, ...ClassFilter }),
  response: z.object({
    rows: z.array(
      z.object({
        series_id: SeriesId,
        series_name: z.string(),
        colour_band_id: ColourBandId,
        colour_band_name: z.string(),
        student_count: Count,
      }),
    ),
    unplaced_count: Count.describe('students with no colour band yet'),
  }),
});

/** A class's activity week by week (IN5). */
export const ClassWeeklyActivity = z.object({
  class_id: RecordId,
  name: z.string(),
  school_id: RecordId,
  student_count: Count,
  weeks: z.array(GroupActivityCounts.extend({ week_start: CalendarDate.describe('Monday of the week') })),
});

export const getWeeklyActivity = defineContract({
  name: 'getWeeklyActivity',
  method: 'GET',
  path: '/v1/classes/weekly-activity',
  summary: `Activity of the last ${WEEKLY_ACTIVITY_WEEKS} weeks of the classes the caller teaches (with all: every class in scope), ${WEEKLY_ACTIVITY_PAGE_SIZE} classes a page by name.`,
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
  summary: `Activity of the last ${WEEKLY_ACTIVITY_WEEKS} weeks of one class.`,
  access: STAFF,
  params: IdParams,
  response: ClassWeeklyActivity,
});

export const getClassesReadingOverview = defineContract({
  name: 'getClassesReadingOverview',
  method: 'GET',
  path: '/v1/classes/reading-overview',
  summary: 'Reading of every student of the given classes over a period, by last then first name.',
  access: STAFF,
  query: z.object({
    class_ids: IdList.describe('comma-separated class ids'),
    ...InsightsRange,
  }),
  response: z.object({ students: z.array(StudentReadingRow) }),
});

export const READING_OVERVIEW_SORTS = [
  'name',
  'books_completed',
  'minutes_reading',
  'average_score_percent',
] as const;

export const getClassesReadingOverviewPaginated = defineContract({
  name: 'getClassesReadingOverviewPaginated',
  method: 'GET',
  path: '/v1/classes/reading-overview-paginated',
  summary: 'Reading of the students in scope over a period, a page at a time, searched by name and sorted.',
  access: STAFF,
  query: z.object({
    ...paging(CLASS_OVERVIEW_PAGE_SIZE),
    ...SchoolScope,
    series_id: SeriesIdQuery.optional().describe('only students in this series'),
    search: Text.max(100).optional().describe('part of a first name, last name or username'),
    sort: z.enum(READING_OVERVIEW_SORTS).default('name').describe('by name, or by a figure'),
    order: z.enum(['asc', 'desc']).default('asc'),
    ...InsightsRange,
  }),
  response: z.object({ students: z.array(StudentReadingRow), page: Count, limit: Count, total: Count }),
});

export const getLearningOutcomePerformance = defineContract({
  name: 'getLearningOutcomePerformance',
  method: 'GET',
  path: '/v1/analysis/learning-outcome-performance',
  summary: 'Score per learning outcome across the students in scope over a period (P11’s marks).',
  access: STAFF,
  query: InsightsQuery.extend({
    topic_groups: IdList.optional().describe('only outcomes of these topic groups'),
  }),
  response: z.object({
    learning_outcome_performances: z.array(
      LearningOutcomeScore.extend({
        name: z.string(),
        topic_group_id: RecordId,
        students_answered: Count,
      }),
    ),
  }),
});

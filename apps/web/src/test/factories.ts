import {
  passageWords,
  type Class,
  type Passage,
  type Recording,
  type SessionUser,
  type StudentOverviewRow,
  type StudentReadingRow,
  type StudentSummary,
} from '@readalong/contracts';
import type { z } from 'zod';

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** Far enough ahead that no test outlives it. */
const FAR_FUTURE = new Date('2100-01-01T00:00:00.000Z');

/**
 * An access token shaped like the server's (a JWT whose `exp` the app reads); the signature is not real, as the
 * app never checks it. Give `expiresAt` in the past for a session whose token has run out.
 */
export function buildAccessToken({ expiresAt = FAR_FUTURE, userId = 7 } = {}): string {
  const header = base64Url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64Url({ sub: String(userId), exp: Math.floor(expiresAt.getTime() / 1000) });
  return `${header}.${payload}.test-signature`;
}

export const buildSessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  user_id: 7,
  login_role: 'teacher',
  first_name: 'Dana',
  last_name: 'Okafor',
  email: 'dana@example.test',
  access_token: buildAccessToken(),
  refresh_token: 'refresh-token-for-dana',
  colour_band_id: null,
  series_id: null,
  coins: 0,
  read_aloud_enabled: true,
  narration_enabled: true,
  placement_test_id: null,
  profile_pic_url: null,
  class_id: null,
  ...overrides,
});

/** A placed student as lists and reports name them (Dana, as the session user's defaults). */
export const buildStudentSummary = (
  overrides: Partial<z.infer<typeof StudentSummary>> = {},
): z.infer<typeof StudentSummary> => ({
  student_id: 7,
  username: 'dana.okafor',
  first_name: 'Dana',
  last_name: 'Okafor',
  name: 'Dana Okafor',
  profile_pic_url: null,
  class_id: 3,
  colour_band_id: 4,
  series: 6,
  last_active_at: null,
  disabled: false,
  ...overrides,
});

/** A student's reading over a period as insights and the overviews list it: placed, nothing read yet. */
export function buildStudentReadingRow(
  overrides: Partial<z.infer<typeof StudentReadingRow>> = {},
): z.infer<typeof StudentReadingRow> {
  const { disabled: _disabled, ...summary } = buildStudentSummary();
  return {
    ...summary,
    books_completed: 0,
    minutes_reading: 0,
    average_score_percent: null,
    latest_wpm: null,
    latest_wcpm: null,
    lexile: null,
    ...overrides,
  };
}

/** A row of the teacher's students overview (C34): a reading row with nothing needing attention. */
export const buildStudentOverviewRow = (
  overrides: Partial<z.infer<typeof StudentOverviewRow>> = {},
): z.infer<typeof StudentOverviewRow> => ({
  ...buildStudentReadingRow(),
  classes: [],
  books_this_week: 0,
  last_quiz: null,
  failed_quizzes: 0,
  recordings_to_review: 0,
  goals: [],
  ...overrides,
});

/** A submitted recording as the server answers it: ungraded, untrimmed, no audio link. */
export const buildRecording = (overrides: Partial<Recording> = {}): Recording => ({
  id: 5,
  student_id: 7,
  student_name: 'Dana Okafor',
  worksheet_id: 900,
  passage_id: 41,
  passage_title: 'The Red Kite',
  file_url: null,
  duration_ms: 3000,
  num_re_recording: 0,
  start_time: null,
  end_time: null,
  suggested_start: null,
  suggested_end: null,
  num_mistakes: 0,
  wpm_confirmed: false,
  wpm: null,
  wcpm: null,
  accuracy: null,
  comment: null,
  grading_completed: false,
  graded_at: null,
  grading_viewed: false,
  created_at: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

type PageOf<T> = T extends { pages: (infer P)[] } ? P : never;
type PassagePage = PageOf<Passage>;

/**
 * A library book as GET /v1/worksheets/passage/{id} answers it, from its pages: each a text, or a page with its
 * illustration, narration or timings. Its word count follows the pages.
 */
export function buildPassage(
  pages: readonly (string | (Partial<PassagePage> & { text: string }))[],
  overrides: Partial<Passage> = {},
): Passage {
  const built = pages.map((page, index) => ({
    page_num: index + 1,
    illustration_url: null,
    narration_url: null,
    word_timings: null,
    ...(typeof page === 'string' ? { text: page } : page),
  }));
  return {
    id: 41,
    builder_type_id: 2,
    title: 'The Red Kite',
    author: 'Sam Lee',
    series_id: 6,
    colour_band_id: 5,
    lexile: 300,
    num_pages: built.length,
    word_count: passageWords(built).length,
    thumbnail_url: '/api/library/kite.png',
    background_url: null,
    assets: { music_url: null, narration_pending: false },
    pages: built,
    worksheet_id: null,
    rate_builder_worksheet_id: null,
    pages_completed: 0,
    worksheet_completed: false,
    recording_submitted: false,
    quiz_submitted: false,
    recording_needed: false,
    is_favourited: false,
    reading_practice_completed: false,
    ...overrides,
  };
}

/** A teacher's class as the server lists it: Grade 3 Maple, two students, no teachers named. */
export const buildClass = (overrides: Partial<z.infer<typeof Class>> = {}): z.infer<typeof Class> => ({
  id: 3,
  name: 'Grade 3 Maple',
  subject_id: 92,
  num_students: 30,
  student_count: 2,
  school_id: 1,
  academic_level_id: null,
  teachers: [],
  ...overrides,
});

/** Test data for the student's pages: books, assignments and alerts shaped as their contracts answer them. */
import type { Contracts, Response } from '@readalong/contracts';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildAccessToken, buildStudentSummary } from '@/test/factories';
import type { BookSummary } from './api/list-passages';

export const buildBook = (overrides: Partial<BookSummary> = {}): BookSummary => ({
  id: 1,
  builder_type_id: 2,
  title: 'The Red Kite',
  author: 'Sam Lee',
  series_id: 6,
  colour_band_id: 5,
  lexile: 300,
  num_pages: 8,
  word_count: 400,
  thumbnail_url: 'https://readalong.test/api/library/red-kite.png',
  background_url: null,
  assets: { music_url: null, narration_pending: false },
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
});

type Details = Response<Contracts['getUserDetails']>;

export const studentDetails: Details = {
  colour_band_id: 5,
  series_id: 6,
  coins: 12,
  read_aloud_enabled: true,
  narration_enabled: true,
  class_id: 3,
  placement_test_id: null,
};

type DetailsAnswer = Parameters<typeof answer<'getUserDetails'>>[1];

/** Signs in as a student whose level the server answers with `details` (over `studentDetails`), or with `details()`. */
export async function signedInStudent(details: Partial<Details> | DetailsAnswer = {}) {
  await signedInAs({ login_role: 'student', first_name: 'Mia' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'student',
    refresh_token: null,
  }));
  answer(
    'getUserDetails',
    typeof details === 'function' ? details : () => ({ ...studentDetails, ...details }),
  );
}

type AssignmentRow = Response<Contracts['listAssignments']>['assignments'][number];

export const buildAssignment = (overrides: Partial<AssignmentRow> = {}): AssignmentRow => ({
  id: 501,
  passage_id: 31,
  passage_title: 'The Lost Kite',
  builder_type_id: 2,
  class_id: 3,
  student_ids: null,
  read_aloud: false,
  due_at: null,
  note: null,
  created_by: 90,
  created_at: '2030-03-01T09:00:00.000Z',
  worksheet_id: null,
  completed: false,
  ...overrides,
});

type AlertRow = Response<Contracts['getAlerts']>['alerts'][number];

export const buildAlert = (overrides: Partial<AlertRow> = {}): AlertRow => ({
  id: 701,
  type_id: 1,
  student_id: 7,
  student_name: 'Mia Lopez',
  class_id: 3,
  worksheet_id: null,
  message: 'Mia Lopez passed a quiz.',
  created_at: '2030-03-02T10:00:00.000Z',
  seen: false,
  ...overrides,
});

type FinishedRow = Response<Contracts['getSubmittedPassages']>['passages'][number];

export const buildFinishedBook = (overrides: Partial<FinishedRow> = {}): FinishedRow => ({
  passage_id: 31,
  worksheet_id: 801,
  title: 'The Lost Kite',
  completed_at: '2030-03-02T10:00:00.000Z',
  colour_band_id: 5,
  series_id: 6,
  score_percent: 90,
  recording_id: null,
  recording_grading_viewed: null,
  ...overrides,
});

/**
 * Answers the home page's other sections as empty (no assignments, no news, nothing finished), so a test about
 * one section need only answer that one; answer() again afterwards to override any of them.
 */
export function answerEmptyHome() {
  answer('listAssignments', () => ({ assignments: [] }));
  answer('haveNewAssignments', () => ({ have_new: false, count: 0 }));
  answer('markAssignmentsSeen', () => ({ success: true }));
  answer('getAlerts', () => ({ alerts: [], page: 0, has_more: false }));
  answer('markAlertsViewed', () => ({ updated: 0 }));
  answer('getSubmittedPassages', () => ({ passages: [] }));
  answer('getReadingOverview', () => buildReadingOverview());
}

type ReadingOverview = Response<Contracts['getReadingOverview']>;

/** A reading overview with nothing in it yet; tests fill in what they are about. */
export const buildReadingOverview = (overrides: Partial<ReadingOverview> = {}): ReadingOverview => ({
  student: buildStudentSummary(),
  goals: [],
  books: [],
  recordings: [],
  lexile_timeline: [],
  current_lexile: null,
  latest_wpm: null,
  latest_wcpm: null,
  ...overrides,
});

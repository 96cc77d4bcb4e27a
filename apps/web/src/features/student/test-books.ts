/** Test data for the student's books: summaries shaped as the listPassages contract answers them. */
import type { Contracts, Response } from '@readalong/contracts';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
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

/** Signs in as a student whose level the server answers with `details`. */
export async function signedInStudent(details: Partial<Details> = {}) {
  await signedInAs({ login_role: 'student', first_name: 'Mia' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'student',
    refresh_token: null,
  }));
  answer('getUserDetails', () => ({ ...studentDetails, ...details }));
}

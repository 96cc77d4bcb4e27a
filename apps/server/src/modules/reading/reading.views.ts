/** Passages and worksheets as the contracts spell them. */
import { BuilderType, type Passage } from '@readalong/contracts';
import type { passagePages, worksheets } from '../../db/schema/index.js';
import { libraryFileUrl } from '../library/library.files.js';
import { narrationUrl } from '../library/narration.js';
import type { PassageRow, WorksheetProgress } from './reading.repository.js';
import { asksForRecording } from './worksheet-completion.js';

type Progress = Pick<
  Passage,
  | 'worksheet_id'
  | 'rate_builder_worksheet_id'
  | 'pages_completed'
  | 'worksheet_completed'
  | 'recording_submitted'
  | 'quiz_submitted'
  | 'recording_needed'
  | 'is_favourited'
  | 'reading_practice_completed'
>;

/**
 * The caller's progress on a passage; staff, and students who have not started it, have none. `readsAloud`: the
 * caller is a student with read-aloud on (R7), so `recording_needed` says whether a recording is still to send (R32).
 */
export function progressOf(
  passage: PassageRow,
  worksheet: WorksheetProgress | undefined,
  isFavourited: boolean,
  readsAloud = false,
): Progress {
  const completed = worksheet?.worksheetCompleted ?? false;
  const recordingSent = worksheet?.recordingSubmitted ?? false;
  return {
    worksheet_id: worksheet?.id ?? null,
    rate_builder_worksheet_id:
      passage.builderTypeId === BuilderType.RateBuilder ? (worksheet?.id ?? null) : null,
    pages_completed: worksheet?.pagesCompleted ?? 0,
    worksheet_completed: completed,
    recording_submitted: recordingSent,
    quiz_submitted: (worksheet?.quizSubmittedAt ?? null) !== null,
    // R32: what R7 still waits for, so every screen names the true next step.
    recording_needed: asksForRecording(passage.builderTypeId, readsAloud) && !completed && !recordingSent,
    is_favourited: isFavourited,
    reading_practice_completed: worksheet?.readingPracticeCompleted ?? false,
  };
}

/** A passage without its pages (PassageSummary). */
export function passageSummary(
  passage: PassageRow,
  stats: { numPages: number; narrationMissing: boolean } | undefined,
  progress: Progress,
  narrationOn: boolean,
): Omit<Passage, 'pages'> {
  return {
    id: passage.id,
    builder_type_id: passage.builderTypeId,
    title: passage.title,
    author: passage.author,
    series_id: passage.seriesId,
    colour_band_id: passage.colourBandId,
    lexile: passage.lexile,
    num_pages: Math.max(stats?.numPages ?? 1, 1),
    word_count: passage.wordCount,
    thumbnail_url: libraryFileUrl(passage.thumbnailKey) ?? '',
    background_url: libraryFileUrl(passage.backgroundKey),
    assets: {
      // The library has no music yet (content/README.md): no passage names any.
      music_url: null,
      narration_pending: narrationOn && (stats?.narrationMissing ?? false),
    },
    ...progress,
  };
}

export function pageView(page: typeof passagePages.$inferSelect): Passage['pages'][number] {
  return {
    page_num: page.pageNum,
    text: page.text,
    illustration_url: libraryFileUrl(page.illustrationKey),
    narration_url: page.narrationKey ? narrationUrl(page.narrationKey) : null,
    word_timings:
      page.wordTimings?.map((timing) => ({
        word: timing.word,
        start_ms: timing.startMs,
        end_ms: timing.endMs,
      })) ?? null,
  };
}

export function worksheetView(
  worksheet: typeof worksheets.$inferSelect,
  builderTypeId: number,
  recordingSubmitted: boolean,
) {
  return {
    id: worksheet.id,
    passage_id: worksheet.passageId,
    student_id: worksheet.studentId,
    class_id: worksheet.classId,
    builder_type_id: builderTypeId,
    assignment_id: worksheet.assignmentId,
    pages_completed: worksheet.pagesCompleted,
    completed: worksheet.worksheetCompleted,
    completed_at: worksheet.completedAt?.toISOString() ?? null,
    reading_practice_completed: worksheet.readingPracticeCompleted,
    recording_submitted: recordingSubmitted,
    score_percent: worksheet.scorePercent,
    created_at: worksheet.createdAt.toISOString(),
  };
}

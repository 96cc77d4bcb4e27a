/** Report rows as the contracts spell them. */
import type { Recording } from '@readalong/contracts';
import type { Storage } from '../../platform/storage.js';
import type { BookRow, RecordingRow } from './reports.repository.js';

export const bookResultView = (row: BookRow) => ({
  passage_id: row.passageId,
  worksheet_id: row.worksheetId,
  title: row.title,
  series_id: row.seriesId,
  colour_band_id: row.colourBandId,
  lexile: row.lexile,
  completed_at: row.completedAt?.toISOString() ?? null,
  score_percent: row.scorePercent,
  wpm: row.wpm,
  wcpm: row.wcpm,
  accuracy: row.accuracy,
});

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

export function recordingView(row: RecordingRow, storage: Storage): Recording {
  const { recording } = row;
  return {
    id: recording.id,
    student_id: recording.studentId,
    student_name: `${row.firstName} ${row.lastName}`,
    worksheet_id: recording.worksheetId,
    passage_id: row.passageId,
    passage_title: row.passageTitle,
    file_url: recording.fileKey ? storage.signedUrl(recording.fileKey) : null,
    duration_ms: recording.durationMs,
    num_re_recording: recording.numReRecording,
    start_time: seconds(recording.startMs),
    end_time: seconds(recording.endMs),
    num_mistakes: recording.numMistakes,
    wpm_confirmed: recording.wpmConfirmed,
    wpm: recording.wpm,
    wcpm: recording.wcpm,
    accuracy: recording.accuracy,
    comment: recording.comment,
    grading_completed: recording.gradingCompleted,
    graded_at: recording.gradedAt?.toISOString() ?? null,
    grading_viewed: recording.gradingViewed,
    created_at: recording.createdAt.toISOString(),
  };
}

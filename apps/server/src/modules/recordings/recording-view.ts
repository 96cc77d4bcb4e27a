/** A recording as the contracts spell it: one view for the recordings calls and the reports. */
import type { Recording } from '@readalong/contracts';
import type { Storage } from '../../platform/storage/storage.js';
import type { RecordingViewRow } from './recordings.repository.js';

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

export function recordingView(row: RecordingViewRow, storage: Storage): Recording {
  const { recording: r } = row;
  return {
    id: r.id,
    student_id: r.studentId,
    student_name: `${row.firstName} ${row.lastName}`.trim(),
    worksheet_id: r.worksheetId,
    passage_id: row.passageId,
    passage_title: row.passageTitle,
    file_url: r.fileKey ? storage.signedUrl(r.fileKey) : null,
    duration_ms: r.durationMs,
    num_re_recording: r.numReRecording,
    start_time: seconds(r.startMs),
    end_time: seconds(r.endMs),
    suggested_start: seconds(r.suggestedStartMs),
    suggested_end: seconds(r.suggestedEndMs),
    num_mistakes: r.numMistakes,
    wpm_confirmed: r.wpmConfirmed,
    wpm: r.wpm,
    wcpm: r.wcpm,
    accuracy: r.accuracy,
    comment: r.comment,
    grading_completed: r.gradingCompleted,
    graded_at: r.gradedAt?.toISOString() ?? null,
    grading_viewed: r.gradingViewed,
    created_at: r.createdAt.toISOString(),
  };
}

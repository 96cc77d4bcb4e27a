import type { StudentProgress } from './api/assignments';
import { formatDay } from '@/lib/dates';

/** Where a student is with an assignment, in one word or two, and a colour to match (docs/rules.md C39). */
export function stageOf(progress: StudentProgress): { label: string; color: string } {
  if (progress.worksheet_id === null) return { label: 'Not started', color: 'gray' };
  if (progress.completed) return { label: 'Finished', color: 'teal' };
  if (progress.quiz_submitted) return { label: 'Quiz done', color: 'blue' };
  if (progress.read) return { label: 'Read', color: 'blue' };
  return { label: 'Reading', color: 'yellow' };
}

const RECORDING_WORDS: Record<StudentProgress['recording'], string> = {
  none: 'None',
  submitted: 'To review',
  graded: 'Graded',
};

export const recordingWords = (progress: StudentProgress) => RECORDING_WORDS[progress.recording];

/** A calendar date (YYYY-MM-DD) as people read it: 31 Jan 2030. */
export const dateWords = formatDay;

/** Past its due date (the whole due day counts) with someone still to finish. */
export function isOverdue(dueAt: string | null, unfinished: number, today = new Date()) {
  return dueAt !== null && unfinished > 0 && dueAt < today.toISOString().slice(0, 10);
}

import { getReadingSettings } from '@/lib/reading-settings';
import { api } from '@/lib/api-client';

/**
 * The local practice-recording count of docs/rules.md C22, per user and passage, kept in this browser:
 * it goes up with each practice take, is sent as `num_practice_recordings` with the next reading-progress report
 * and the reading-activity log, and resets to 0 when the server reports the book complete and after the reading
 * activity is logged.
 */
const key = (userId: number, passageId: number) => `readalong.practice-recordings.${userId}.${passageId}`;

export const practiceRecordings = {
  get(userId: number, passageId: number): number {
    try {
      const value = Number(window.localStorage.getItem(key(userId, passageId)));
      return Number.isInteger(value) && value > 0 ? value : 0;
    } catch {
      return 0;
    }
  },
  set(userId: number, passageId: number, count: number): void {
    try {
      if (count <= 0) window.localStorage.removeItem(key(userId, passageId));
      else window.localStorage.setItem(key(userId, passageId), String(count));
    } catch {
      // Storage refused (private mode): the count is lost, the practice is not.
    }
  },
};

/** One more practice take: counted, then reported with the page reached; completion resets the count. */
export async function reportPracticeTake(userId: number, passageId: number, pageNum: number): Promise<void> {
  const count = practiceRecordings.get(userId, passageId) + 1;
  practiceRecordings.set(userId, passageId, count);
  const { completed } = await api('saveReadingProgress', {
    params: { id: passageId },
    body: {
      page_num: pageNum,
      time_spent_reading: 0,
      // The server adds up what each report brings: this report brings the one new take.
      num_practice_recordings: 1,
      reading_settings: getReadingSettings(),
    },
  });
  if (completed) practiceRecordings.set(userId, passageId, 0);
}

/**
 * Leaving a book (the reader or practice) logs the stretch of reading with the practice count, which then resets
 * (docs/rules.md C22).
 */
export async function logReadingActivity(
  userId: number,
  passageId: number,
  worksheetId: number,
  startTime: string,
): Promise<void> {
  const count = practiceRecordings.get(userId, passageId);
  await api('logReadingActivity', {
    body: {
      worksheet_id: worksheetId,
      start_time: startTime,
      num_practice_recordings: count,
      reading_settings: getReadingSettings(),
    },
  });
  // Takes made while the log was on its way stay counted for the next report.
  practiceRecordings.set(userId, passageId, practiceRecordings.get(userId, passageId) - count);
}

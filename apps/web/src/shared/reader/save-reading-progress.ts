import type { ReadingSettings } from '@readalong/contracts';
import { api } from '@/lib/api-client';
import type { z } from 'zod';

export interface ReadingProgress {
  pageNum: number;
  /** Whole seconds read since the last report. */
  timeSpentReading: number;
  readingSettings: z.infer<typeof ReadingSettings>;
}

/** Records the page the student reached (docs/rules.md R6, C13); answers whether the book is done. */
export const saveReadingProgress = (passageId: number, progress: ReadingProgress) =>
  api('saveReadingProgress', {
    params: { id: passageId },
    body: {
      page_num: progress.pageNum,
      time_spent_reading: progress.timeSpentReading,
      // Practice recordings happen on the read-aloud page, not while reading the e-book.
      num_practice_recordings: 0,
      reading_settings: progress.readingSettings,
    },
  });

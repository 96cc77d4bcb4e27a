import { useEffect, useRef } from 'react';
import { authStore } from '@/lib/auth-store';
import { getReadingSettings } from '@/lib/reading-settings';
import { saveReadingProgress } from './save-reading-progress';
import { logReadingActivity } from '@/shared/read-aloud/practice-recordings';
import { startWorksheet, type WorksheetKind } from '@/shared/passage/start-worksheet';

interface ReadingProgressOptions {
  passageId: number;
  /** The page on screen; undefined while the book loads. */
  pageNum: number | undefined;
  /** False for staff and demonstrations: nothing is started or recorded. */
  tracking: boolean;
  /** Rate builders have a worksheet of their own kind. */
  kind?: WorksheetKind;
  /** The worksheet the reading counts for (an assignment's); without it the passage's worksheet is started. */
  worksheetId?: () => Promise<number>;
}

/**
 * A student's reading is recorded (docs/rules.md C13): the worksheet is started once, then each page
 * reached is reported with the seconds read since the last report and the reading settings in force. A failed
 * report is not shown: the next page reports again, and reading goes on.
 */
export function useReadingProgress({
  passageId,
  pageNum,
  tracking,
  kind = 'passage',
  worksheetId,
}: ReadingProgressOptions) {
  const started = useRef<Promise<number> | null>(null);
  const lastReportAt = useRef<number | null>(null);
  const lastReportedPage = useRef<number | null>(null);

  useEffect(() => {
    if (!tracking || pageNum === undefined || lastReportedPage.current === pageNum) return;
    lastReportedPage.current = pageNum;
    const now = Date.now();
    const seconds = lastReportAt.current === null ? 0 : Math.round((now - lastReportAt.current) / 1000);
    lastReportAt.current = now;

    const start = (started.current ??= (
      worksheetId ? worksheetId() : startWorksheet(passageId, kind).then(({ worksheet_id }) => worksheet_id)
    ).catch((error: unknown) => {
      started.current = null; // try again with the next page
      throw error;
    }));
    start
      .then(() =>
        saveReadingProgress(passageId, {
          pageNum,
          timeSpentReading: Math.max(0, seconds),
          readingSettings: getReadingSettings(),
        }),
      )
      .catch(() => undefined);
  }, [passageId, pageNum, tracking, kind, worksheetId]);

  // Leaving the book logs the stretch of reading, with the settings it was read with (the reading-activity log, docs/rules.md R22).
  useEffect(() => {
    if (!tracking) return;
    const openedAt = new Date().toISOString();
    return () => {
      started.current
        ?.then((id) => {
          const userId = authStore.getState().user?.user_id;
          if (userId !== undefined) return logReadingActivity(userId, passageId, id, openedAt);
        })
        .catch(() => undefined);
    };
  }, [tracking, passageId]);
}

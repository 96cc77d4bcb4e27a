/** Report rows as the contracts spell them. */
import type { BookRow } from './reports.repository.js';

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

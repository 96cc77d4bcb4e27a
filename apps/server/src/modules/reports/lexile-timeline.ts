/**
 * A student's estimated Lexile over time (the "Lexile timeline" of My progress). The estimate moves at two kinds
 * of event: passing a power builder's quiz above the estimate raises it to that book's measure (the student has
 * shown they read at it; passing an easier book shows nothing new, so it does not lower it); a level change
 * (placement, level up or down) puts it at the lower bound of the band moved to. Bands without a Lexile range
 * (1–2, 21–26) add no point. The estimate now is its last point, worked out in SQL by `estimatedLexileOf`
 * (report-conditions.ts, docs/rules.md FG1) for any set of students; the figures test checks the two agree.
 */
import { colourBand, LEVEL_CHANGE_REASONS } from '@readalong/contracts';

type LevelChangeRule = (typeof LEVEL_CHANGE_REASONS)[number];

export interface LexilePoint {
  at: string;
  lexile: number;
  series_id: number;
  colour_band_id: number;
  source: 'book_passed' | 'level_change';
  passage_id: number | null;
  title: string | null;
  rule: LevelChangeRule | null;
  reason: string | null;
}

export interface PassedBook {
  at: Date | null;
  passageId: number;
  title: string;
  lexile: number;
  seriesId: number;
  colourBandId: number;
}

export interface LevelMove {
  at: Date;
  seriesId: number | null;
  colourBandId: number | null;
  /** Why the level moved (R12), for the timeline's reader; the current estimate needs only where to. */
  rule?: string;
  /** A change by hand: the teacher's reason, if they gave one. */
  reason?: string | null;
}

const isRule = (rule: string | undefined): rule is LevelChangeRule =>
  (LEVEL_CHANGE_REASONS as readonly string[]).includes(rule ?? '');

const fromBook = (book: PassedBook): LexilePoint | null =>
  book.at && {
    at: book.at.toISOString(),
    lexile: book.lexile,
    series_id: book.seriesId,
    colour_band_id: book.colourBandId,
    source: 'book_passed',
    passage_id: book.passageId,
    title: book.title,
    rule: null,
    reason: null,
  };

function fromMove(move: LevelMove): LexilePoint | null {
  if (move.seriesId === null || move.colourBandId === null) return null;
  const lexile = colourBand(move.colourBandId).min_lexile;
  if (lexile === null) return null;
  return {
    at: move.at.toISOString(),
    lexile,
    series_id: move.seriesId,
    colour_band_id: move.colourBandId,
    source: 'level_change',
    passage_id: null,
    title: null,
    rule: isRule(move.rule) ? move.rule : null,
    reason: move.reason ?? null,
  };
}

/** The points where the estimate moved, oldest first (a level change after the book that caused it). */
export function lexileTimeline(books: readonly PassedBook[], moves: readonly LevelMove[]): LexilePoint[] {
  const events = [...books.map(fromBook), ...moves.map(fromMove)].filter((point) => point !== null);
  const order = (point: LexilePoint) => (point.source === 'book_passed' ? 0 : 1);
  events.sort((a, b) => a.at.localeCompare(b.at) || order(a) - order(b));
  const points: LexilePoint[] = [];
  for (const event of events) {
    const estimate = points.at(-1)?.lexile;
    if (event.source === 'book_passed' && estimate !== undefined && event.lexile <= estimate) continue;
    points.push(event);
  }
  return points;
}

/**
 * The level rules (L3–L6) as pure functions: what a student's level becomes after a result, which medal a
 * level-up earns, where a placement score lands. The service applies them in the same transaction as the event.
 */
import { AlertType, COINS, PROGRESSION, SERIES, nextSeries } from '@readalong/contracts';

export interface Level {
  seriesId: number;
  colourBandId: number;
}

/** A finished power-builder quiz in the student's current band, oldest first. */
export interface BandResult {
  isPassed: boolean;
  scorePercent: number;
}

export type Medal = 'gold' | 'silver' | 'bronze';

export type LevelDecision =
  | { kind: 'stay' }
  | { kind: 'up'; to: Level; medal: Medal; averagePercent: number }
  | { kind: 'down'; to: Level };

export function bandsOf(seriesId: number): { first: number; last: number } {
  const series = SERIES.find((candidate) => candidate.id === seriesId);
  if (!series) throw new RangeError(`unknown series ${seriesId}`);
  return { first: series.defaultBands[0], last: series.defaultBands[1] };
}

/** The next band up: the next band of the series, or past its last band the next series (BR → A → … → E). */
export function levelAbove(level: Level): Level | null {
  const { last } = bandsOf(level.seriesId);
  if (level.colourBandId < last) return { seriesId: level.seriesId, colourBandId: level.colourBandId + 1 };
  const seriesId = nextSeries(level.seriesId);
  if (seriesId === null) return null;
  const next = bandsOf(seriesId);
  // Series overlap (BR 3–7, A 6–10): moving on never moves a child to an easier band.
  return { seriesId, colourBandId: Math.min(Math.max(level.colourBandId + 1, next.first), next.last) };
}

/** One band down within the series, never below its first band. */
export function levelBelow(level: Level): Level | null {
  const { first } = bandsOf(level.seriesId);
  return level.colourBandId > first
    ? { seriesId: level.seriesId, colourBandId: level.colourBandId - 1 }
    : null;
}

export function medalFor(averagePercent: number): Medal {
  if (averagePercent >= PROGRESSION.goldPercent) return 'gold';
  if (averagePercent >= PROGRESSION.silverPercent) return 'silver';
  return 'bronze';
}

export const MEDAL_ALERTS: Record<Medal, number> = {
  gold: AlertType.LevelUpGold,
  silver: AlertType.LevelUpSilver,
  bronze: AlertType.LevelUpBronze,
};

export const levelUpCoins = (medal: Medal) => (medal === 'gold' ? COINS.levelUpGold : COINS.levelUp);

/**
 * The level after the latest result, given every counting result in the current band (oldest first, the
 * latest last): up after `booksToLevelUp` passes, down after `failsToLevelDown` consecutive fails.
 */
export function decideLevel(
  level: Level,
  results: readonly BandResult[],
  booksToLevelUp: number = PROGRESSION.booksToLevelUp,
): LevelDecision {
  const latest = results.at(-1);
  if (!latest) return { kind: 'stay' };
  const passes = results.filter((result) => result.isPassed);
  if (latest.isPassed && passes.length >= booksToLevelUp) {
    const to = levelAbove(level);
    if (!to) return { kind: 'stay' };
    const counted = passes.slice(-booksToLevelUp);
    const averagePercent = counted.reduce((sum, result) => sum + result.scorePercent, 0) / counted.length;
    return { kind: 'up', to, medal: medalFor(averagePercent), averagePercent };
  }
  const trailingFails = results.length - 1 - results.findLastIndex((result) => result.isPassed);
  if (!latest.isPassed && trailingFails >= PROGRESSION.failsToLevelDown) {
    const to = levelBelow(level);
    return to ? { kind: 'down', to } : { kind: 'stay' };
  }
  return { kind: 'stay' };
}

/** The band of `seriesId` a placement score lands in: the series' bands share the score range evenly. */
export function placementBand(seriesId: number, scorePercent: number): Level {
  const { first, last } = bandsOf(seriesId);
  const bands = last - first + 1;
  const step = Math.min(Math.floor((Math.max(scorePercent, 0) / 100) * bands), bands - 1);
  return { seriesId, colourBandId: first + step };
}

export const isPassing = (scorePercent: number) => scorePercent >= PROGRESSION.passPercent;

/** Coins for a finished power-builder quiz. */
export function quizCoins(scorePercent: number): number {
  if (!isPassing(scorePercent)) return 0;
  return COINS.quizPassed + (scorePercent >= 100 ? COINS.quizPerfectBonus : 0);
}

/**
 * The one place a student's level, its history, the alerts it raises and the coins it pays change (R11, R12).
 * Every cause (a quiz result, a placement test, a teacher's placement or reset) goes through `changeLevel`, in
 * the transaction of the event that caused it; the level rules themselves are the pure functions of level-rules.ts.
 */
import { AlertType, BuilderType, COINS, PROGRESSION, STUDENT_ALERT_TYPES } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { addDays } from '../../platform/clock.js';
import {
  MEDAL_ALERTS,
  decideLevel,
  isPassing,
  levelUpCoins,
  placementBand,
  quizCoins,
  type Level,
  type Medal,
} from './level-rules.js';
import * as repo from './progression.repository.js';
import type { Reader } from './progression.repository.js';

/** What other modules read of a student's level, inside their own transaction; only changeLevel writes it. */
export {
  findReader,
  hasAlert,
  levelOf,
  passedAtLevel,
  placementOfWorksheet,
  placementTestOf,
  type Reader,
} from './progression.repository.js';

const STUDENT_FACING = new Set<number>(STUDENT_ALERT_TYPES);

/** Why a level changes, with what the history row keeps of it. */
export type LevelCause =
  | {
      rule: 'level_up';
      to: Level;
      medal: Medal;
      averagePercent: number;
      scores: number[];
      worksheetId: number;
    }
  | { rule: 'level_down'; to: Level; scores: number[]; worksheetId: number }
  | { rule: 'placement'; to: Level; scorePercent: number; worksheetId: number; passageId: number }
  | { rule: 'manual_placement'; to: Level; reason?: string | undefined }
  | { rule: 'reset'; seriesId: number; placementTestId: number };

/** A finished quiz, as the rules after it need it. */
export interface QuizOutcome {
  worksheet: {
    id: number;
    passageId: number;
    countsForLevel: boolean;
    seriesId: number | null;
    colourBandId: number | null;
  };
  passage: { builderTypeId: number; seriesId: number; colourBandId: number; title: string };
  /** Null while every marked part waits for a teacher. */
  scorePercent: number | null;
  /** The quiz's pass or fail before this result: null at submission, or while nothing was marked (R25). */
  passedBefore: boolean | null;
}

/** A move after a quiz, as the student is told of it. */
export interface LevelChange extends Level {
  direction: 'up' | 'down';
  medal: Medal | null;
}

export interface QuizEffects {
  coins: number;
  levelChange: LevelChange | null;
}

const sameLevel = (a: Level | null, b: Level | null) =>
  a !== null && b !== null && a.seriesId === b.seriesId && a.colourBandId === b.colourBandId;

export type ProgressionService = ReturnType<typeof createProgressionService>;

export function createProgressionService({ clock }: Deps) {
  async function raise(
    tx: Executor,
    reader: Reader,
    typeId: number,
    about: { passageId?: number | null; worksheetId?: number | null; details?: Record<string, unknown> } = {},
  ) {
    await repo.insertAlert(tx, {
      studentId: reader.userId,
      schoolId: reader.schoolId,
      districtId: reader.districtId,
      typeId,
      passageId: about.passageId ?? null,
      worksheetId: about.worksheetId ?? null,
      isStudentFacing: STUDENT_FACING.has(typeId),
      details: about.details ?? {},
      createdAt: clock.now(),
    });
  }

  /** Pays coins once, into the ledger and the student's balance; answers the amount. */
  async function award(
    tx: Executor,
    reader: Reader,
    amount: number,
    reason: string,
    worksheetId: number | null,
  ) {
    if (amount <= 0) return 0;
    await repo.addCoins(tx, {
      studentId: reader.userId,
      schoolId: reader.schoolId,
      amount,
      reason,
      worksheetId,
      createdAt: clock.now(),
    });
    return amount;
  }

  const isLatePlacement = (reader: Reader) =>
    clock.now() > addDays(reader.accountCreatedAt, PROGRESSION.latePlacementDays);

  /** The alert each cause raises. */
  const alertOf = (cause: LevelCause, reader: Reader) => {
    switch (cause.rule) {
      case 'level_up':
        return MEDAL_ALERTS[cause.medal];
      case 'level_down':
        return AlertType.LevelDown;
      case 'placement':
        return isLatePlacement(reader) ? AlertType.LatePlacement : AlertType.Placement;
      case 'manual_placement':
        return AlertType.ManualPlacement;
      case 'reset':
        return AlertType.RetakePlacement;
    }
  };

  /**
   * Moves the student for `cause`: their level, which work still counts, the history row (rule, scores, who),
   * the alert and the level-up coins. `reader` is updated in place for the rest of the transaction.
   */
  async function changeLevel(tx: Executor, reader: Reader, cause: LevelCause, by: number) {
    const from = repo.levelOf(reader);
    const to = cause.rule === 'reset' ? null : cause.to;
    const next = {
      seriesId: cause.rule === 'reset' ? cause.seriesId : cause.to.seriesId,
      colourBandId: to?.colourBandId ?? null,
      placementTestId:
        cause.rule === 'reset'
          ? cause.placementTestId
          : cause.rule === 'level_up' || cause.rule === 'level_down'
            ? reader.placementTestId
            : null,
    };
    await repo.setStudentLevel(tx, reader.userId, next);

    let hasResetColour = false;
    if ((cause.rule === 'level_up' || cause.rule === 'level_down') && from) {
      // The results that moved the student are spent: back in that band later, they start afresh.
      await repo.retireCountingWork(tx, reader.userId, from, { submittedOnly: false });
    }
    if ((cause.rule === 'placement' || cause.rule === 'manual_placement') && to) {
      // Placed in a band with submissions: they stop counting towards level-up (R16).
      hasResetColour = (await repo.retireCountingWork(tx, reader.userId, to, { submittedOnly: true })) > 0;
    }

    const details = detailsOf(cause, hasResetColour);
    await repo.insertLevelChange(tx, {
      studentId: reader.userId,
      schoolId: reader.schoolId,
      fromSeriesId: reader.seriesId,
      fromColourBandId: reader.colourBandId,
      toSeriesId: next.seriesId,
      toColourBandId: next.colourBandId,
      rule: cause.rule,
      details,
      changedBy: by,
      createdAt: clock.now(),
    });

    const worksheetId = 'worksheetId' in cause ? cause.worksheetId : null;
    await raise(tx, reader, alertOf(cause, reader), {
      worksheetId,
      passageId: 'passageId' in cause ? cause.passageId : null,
      details: {
        ...details,
        rule: cause.rule,
        from_series_id: reader.seriesId,
        from_colour_band_id: reader.colourBandId,
        series_id: next.seriesId,
        colour_band_id: next.colourBandId,
      },
    });
    const coins =
      cause.rule === 'level_up'
        ? await award(tx, reader, levelUpCoins(cause.medal), 'level_up', worksheetId)
        : 0;

    Object.assign(reader, next);
    return { hasResetColour, coins, level: to };
  }

  return {
    changeLevel,
    award,
    raise,

    /**
     * What a finished (non-placement) quiz sets off: Pass, Fail or FailAgain; quiz coins; for a power builder
     * that counts at the student's level, the level decision; CompleteBooksInLevel once the band is read.
     * Runs at submission and again after each teacher's mark (R25), so each effect is idempotent: the alert
     * only when pass or fail is new, coins only up to what the score earns, a level decision only while the work
     * still counts (a level change spends it, R13). Answers the coins paid and the level the student moved to.
     */
    async afterQuiz(tx: Executor, reader: Reader, quiz: QuizOutcome, by: number): Promise<QuizEffects> {
      const { worksheet, passage, scorePercent } = quiz;
      if (scorePercent === null) return { coins: 0, levelChange: null };
      const passed = isPassing(scorePercent);
      if (passed !== quiz.passedBefore) {
        const typeId = passed
          ? AlertType.Pass
          : (await repo.hasFailedBefore(tx, reader.userId, worksheet.passageId, worksheet.id))
            ? AlertType.FailAgain
            : AlertType.Fail;
        await raise(tx, reader, typeId, {
          passageId: worksheet.passageId,
          worksheetId: worksheet.id,
          details: { score_percent: scorePercent, title: passage.title },
        });
      }
      const quizCoinsPaid = await repo.coinsPaidFor(
        tx,
        { studentId: reader.userId, id: worksheet.id },
        'quiz',
      );
      let coins = await award(tx, reader, quizCoins(scorePercent) - quizCoinsPaid, 'quiz', worksheet.id);
      let levelChange: LevelChange | null = null;
      if (passage.builderTypeId !== BuilderType.PowerBuilder) return { coins, levelChange };

      const current = repo.levelOf(reader);
      const held = repo.levelOf(worksheet);
      if (worksheet.countsForLevel && current && sameLevel(held, current)) {
        const results = await repo.countingResults(tx, reader.userId, current);
        const decision = decideLevel(current, results, reader.booksToLevelUp);
        if (decision.kind === 'up') {
          const scores = results
            .filter((result) => result.isPassed)
            .slice(-reader.booksToLevelUp)
            .map((result) => result.scorePercent);
          const cause = { rule: 'level_up' as const, ...decision, scores, worksheetId: worksheet.id };
          coins += (await changeLevel(tx, reader, cause, by)).coins;
          levelChange = { direction: 'up', ...decision.to, medal: decision.medal };
        } else if (decision.kind === 'down') {
          const lastPass = results.findLastIndex((result) => result.isPassed);
          const scores = results.slice(lastPass + 1).map((result) => result.scorePercent);
          await changeLevel(
            tx,
            reader,
            { rule: 'level_down', to: decision.to, scores, worksheetId: worksheet.id },
            by,
          );
          levelChange = { direction: 'down', ...decision.to, medal: null };
        }
      }

      const band = { seriesId: passage.seriesId, colourBandId: passage.colourBandId };
      const level = { series_id: band.seriesId, colour_band_id: band.colourBandId };
      if (
        !(await repo.hasUnfinishedBooks(tx, reader.userId, band)) &&
        !(await repo.hasAlert(tx, reader.userId, AlertType.CompleteBooksInLevel, level))
      ) {
        await raise(tx, reader, AlertType.CompleteBooksInLevel, {
          passageId: worksheet.passageId,
          worksheetId: worksheet.id,
          details: level,
        });
      }
      return { coins, levelChange };
    },

    /** A placement test's score places the student in a band of the test's series. */
    async placeFromTest(
      tx: Executor,
      reader: Reader,
      test: { worksheetId: number; passageId: number; seriesId: number; scorePercent: number },
      by: number,
    ) {
      const to = placementBand(test.seriesId, test.scorePercent);
      const { hasResetColour } = await changeLevel(
        tx,
        reader,
        {
          rule: 'placement',
          to,
          scorePercent: test.scorePercent,
          worksheetId: test.worksheetId,
          passageId: test.passageId,
        },
        by,
      );
      return { to, hasResetColour };
    },

    /** A skill or rate builder just completed: its coins and its alert for the teacher. Answers the coins. */
    async builderCompleted(
      tx: Executor,
      reader: Reader,
      worksheet: { id: number; passageId: number },
      builderTypeId: number,
    ): Promise<number> {
      const reward =
        builderTypeId === BuilderType.SkillBuilder
          ? {
              coins: COINS.skillBuilderCompleted,
              alert: AlertType.CompleteSkillBuilder,
              reason: 'skill_builder',
            }
          : builderTypeId === BuilderType.RateBuilder
            ? {
                coins: COINS.rateBuilderCompleted,
                alert: AlertType.CompleteRateBuilder,
                reason: 'rate_builder',
              }
            : null;
      if (!reward) return 0;
      await raise(tx, reader, reward.alert, { passageId: worksheet.passageId, worksheetId: worksheet.id });
      return award(tx, reader, reward.coins, reward.reason, worksheet.id);
    },
  };
}

/** What the history row keeps of a cause, in the API's spelling. */
function detailsOf(cause: LevelCause, hasResetColour: boolean): Record<string, unknown> {
  switch (cause.rule) {
    case 'level_up':
      return {
        worksheet_id: cause.worksheetId,
        scores: cause.scores,
        average_percent: cause.averagePercent,
        medal: cause.medal,
      };
    case 'level_down':
      return { worksheet_id: cause.worksheetId, scores: cause.scores };
    case 'placement':
      return {
        worksheet_id: cause.worksheetId,
        passage_id: cause.passageId,
        score_percent: cause.scorePercent,
        has_reset_colour: hasResetColour,
      };
    case 'manual_placement':
      return { has_reset_colour: hasResetColour, ...(cause.reason ? { reason: cause.reason } : {}) };
    case 'reset':
      return { starting_point: cause.seriesId, placement_test_id: cause.placementTestId };
  }
}

/**
 * Reading: the library a caller may open, a student's worksheets on it, reading progress, favourites and reading
 * logs (R1–R6, R20–R22). Quizzes are modules/quiz.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { contracts } from '@readalong/contracts';
import { BuilderType, type Body, type Response } from '@readalong/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { narrationService } from '../library/narration.js';
import type { Executor } from '../../db/database.js';
import { passages } from '../../db/schema/index.js';
import { AppError, invalidField, notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import {
  createProgressionService,
  findReader,
  levelOf,
  passedAtLevel,
  type ProgressionService,
  type Reader,
} from '../progression/progression.service.js';
import { visibleWorksheets } from '../access/scope.js';
import { passagesOpenTo } from './reading.access.js';
import * as repo from './reading.repository.js';
import { pageView, passageSummary, progressOf, worksheetView } from './reading.views.js';
import { completeIfDone } from './worksheet-completion.js';
import { passageActivity } from './passage-activity.js';

/** What other modules read and write of passages and worksheets, inside their own transaction. */
export {
  findPassage,
  findWorksheet,
  targetsAnyOf,
  updateWorksheet,
  type PassageRow,
} from './reading.repository.js';
export { progressColumns, progressView, tally, type ProgressRow } from './passage-activity.js';

type Query<C extends { query: z.ZodType }> = z.output<C['query']>;

/** Missing and out of the student's access look the same (R1). */
export const passageNotFound = () => new AppError('not_found', 'No such passage, or not at your level.');

export type ReadingService = ReturnType<typeof createReadingService>;

export function createReadingService(
  deps: Deps,
  progression: ProgressionService = createProgressionService(deps),
) {
  const narration = narrationService(deps);
  const { db, clock } = deps;
  const narrationOn = deps.speech.unavailableReason === null;

  /** A book opened before the background job reached it is narrated now; its pages fill in as they are made. */
  const narrateMissing = (passageId: number, pages: readonly { narrationKey: string | null }[]) => {
    if (narrationOn && pages.some((page) => !page.narrationKey)) void narration.requestPassage(passageId);
  };

  async function readerOf(db: Executor, actor: Actor, options: { lock?: boolean } = {}): Promise<Reader> {
    const reader = await findReader(db, actor.userId, options);
    if (!reader) throw notFound('student');
    return reader;
  }

  /** A passage the actor may open: any for staff; for a student, one at their access (else 404). */
  async function openPassage(db: Executor, actor: Actor, passageId: number, reader?: Reader) {
    const condition =
      actor.role === 'student' ? passagesOpenTo(db, reader ?? (await readerOf(db, actor))) : undefined;
    const passage = await repo.findPassage(db, passageId, condition);
    if (!passage) throw passageNotFound();
    return passage;
  }

  /** Passages as listed, with the student's progress (staff have none); `readsAloud`: R7's read-aloud, for R32. */
  async function summaries(actor: Actor, rows: repo.PassageRow[], readsAloud = false) {
    const ids = rows.map((row) => row.id);
    const isStudent = actor.role === 'student';
    const stats = await repo.pageStats(db, ids);
    const current = isStudent
      ? await repo.currentWorksheets(db, actor.userId, ids)
      : new Map<number, repo.WorksheetProgress>();
    const favourited = isStudent ? await repo.favouritePassageIds(db, actor.userId, ids) : new Set<number>();
    return rows.map((row) =>
      passageSummary(
        row,
        stats.get(row.id),
        progressOf(row, current.get(row.id), favourited.has(row.id), isStudent && readsAloud),
        narrationOn,
      ),
    );
  }

  async function ownWorksheet(actor: Actor, worksheetId: number) {
    const found = await repo.findWorksheet(db, worksheetId, visibleWorksheets(db, actor));
    if (!found) throw notFound('worksheet');
    return found;
  }

  /** Starts (or resumes) the student's worksheet; rate builders have their own call. */
  async function start(actor: Actor, passageId: number, classId: number | undefined, rateBuilder: boolean) {
    return db.transaction(async (tx) => {
      const reader = await readerOf(tx, actor, { lock: true });
      const passage = await openPassage(tx, actor, passageId, reader);
      const isRateBuilder = passage.builderTypeId === BuilderType.RateBuilder;
      if (rateBuilder && !isRateBuilder) throw invalidField('params.id', 'is not a rate builder');
      if (!rateBuilder && isRateBuilder) {
        throw invalidField('params.id', 'is a rate builder: start it with POST …/rate-builder');
      }
      const open = await repo.findOpenWorksheet(tx, reader.userId, passage.id);
      if (open) return { worksheet_id: open.id };

      const chosenClass =
        classId !== undefined && (await repo.isEnrolled(tx, reader.userId, classId))
          ? classId
          : reader.homeClassId;
      const assignment = await repo.assignmentOf(tx, reader.userId, passage.id, chosenClass);
      const level = levelOf(reader);
      const countsForLevel =
        passage.builderTypeId === BuilderType.PowerBuilder &&
        level !== null &&
        // A band is a Lexile range whatever the series: every book of the student's band counts (rule R5).
        passage.colourBandId === level.colourBandId &&
        !(await passedAtLevel(tx, reader.userId, passage.id, level));
      const id = await repo.insertWorksheet(tx, {
        studentId: reader.userId,
        schoolId: reader.schoolId,
        districtId: reader.districtId,
        passageId: passage.id,
        classId: chosenClass,
        assignmentId: assignment?.id ?? null,
        seriesId: reader.seriesId,
        colourBandId: reader.colourBandId,
        countsForLevel,
        createdAt: clock.now(),
      });
      return { worksheet_id: id };
    });
  }

  return {
    readerOf,
    openPassage,

    async listPassages(actor: Actor, query: Query<typeof contracts.listPassages>) {
      const ofType = eq(passages.builderTypeId, query.type_id);
      if (actor.role !== 'student') {
        const rows = await repo.listPassageRows(
          db,
          and(
            ofType,
            query.series_id !== undefined ? eq(passages.seriesId, query.series_id) : undefined,
            query.colour_band_id !== undefined ? eq(passages.colourBandId, query.colour_band_id) : undefined,
          ),
          [asc(passages.colourBandId), asc(passages.seriesId), asc(passages.title)],
        );
        return { passages: await summaries(actor, rows) };
      }
      const reader = await readerOf(db, actor);
      const isLeveled =
        query.type_id === BuilderType.PowerBuilder || query.type_id === BuilderType.RateBuilder;
      let narrowing: repo.StudentListNarrowing = 'none';
      if (query.favourites) narrowing = 'favourites';
      else if (levelOf(reader) && isLeveled) narrowing = 'level';
      const rows = await repo.studentPassages(db, reader, query.type_id, narrowing);
      return {
        passages: rows.map((row) =>
          passageSummary(
            row.passage,
            { numPages: row.numPages, narrationMissing: row.narrationMissing ?? false },
            progressOf(row.passage, row.worksheet, row.isFavourited, reader.readAloudEnabled),
            narrationOn,
          ),
        ),
      };
    },

    async getPassage(actor: Actor, passageId: number): Promise<Response<typeof contracts.getPassage>> {
      const reader = actor.role === 'student' ? await readerOf(db, actor) : undefined;
      const passage = await openPassage(db, actor, passageId, reader);
      const [summary] = await summaries(actor, [passage], reader?.readAloudEnabled);
      const pages = await repo.pagesOf(db, passage.id);
      narrateMissing(passage.id, pages);
      return { ...summary!, pages: pages.map(pageView) };
    },

    async getWorksheetPassage(
      actor: Actor,
      worksheetId: number,
    ): Promise<Response<typeof contracts.getWorksheetPassage>> {
      const { worksheet, recordingSubmitted } = await ownWorksheet(actor, worksheetId);
      const passage = (await repo.findPassage(db, worksheet.passageId))!;
      const isStudent = actor.role === 'student';
      const progress = progressOf(
        passage,
        isStudent ? { ...worksheet, recordingSubmitted } : undefined,
        isStudent && (await repo.favouritePassageIds(db, actor.userId, [passage.id])).has(passage.id),
        isStudent && (await readerOf(db, actor)).readAloudEnabled,
      );
      const stats = await repo.pageStats(db, [passage.id]);
      const pages = await repo.pagesOf(db, passage.id);
      narrateMissing(passage.id, pages);
      return {
        ...passageSummary(passage, stats.get(passage.id), progress, narrationOn),
        pages: pages.map(pageView),
      };
    },

    startWorksheet: (actor: Actor, passageId: number, classId?: number) =>
      start(actor, passageId, classId, false),
    startRateBuilder: (actor: Actor, passageId: number, classId?: number) =>
      start(actor, passageId, classId, true),

    async favouritePassage(actor: Actor, passageId: number, favourite: boolean) {
      const passage = await openPassage(db, actor, passageId);
      await repo.setFavourite(db, actor.userId, passage.id, favourite);
      return { passage_id: passage.id, is_favourited: favourite };
    },

    async saveReadingProgress(
      actor: Actor,
      passageId: number,
      body: Body<typeof contracts.saveReadingProgress>,
    ) {
      return db.transaction(async (tx) => {
        const reader = await readerOf(tx, actor, { lock: true });
        const passage = await repo.findPassage(tx, passageId);
        if (!passage) throw passageNotFound();
        const current = (await repo.currentWorksheets(tx, reader.userId, [passage.id])).get(passage.id);
        if (!current) throw new AppError('not_found', 'No worksheet for this passage: start it first.');
        const numPages = (await repo.pageStats(tx, [passage.id])).get(passage.id)?.numPages ?? 0;
        if (body.page_num > numPages) {
          throw invalidField('body.page_num', `this passage has ${numPages} pages`);
        }
        const pagesCompleted = await repo.addProgress(tx, current.id, {
          pageNum: body.page_num,
          timeSpentReadingMs: body.time_spent_reading * 1000,
          practiceRecordings: body.num_practice_recordings,
        });
        const { completed } = await completeIfDone(tx, reader, current.id, progression, clock.now());
        return { completed, pages_completed: pagesCompleted };
      });
    },

    async completeReadingPractice(actor: Actor, worksheetId: number) {
      const { worksheet } = await ownWorksheet(actor, worksheetId);
      await repo.updateWorksheet(db, worksheet.id, { readingPracticeCompleted: true });
      return { success: true as const };
    },

    async getWorksheet(actor: Actor, worksheetId: number) {
      const { worksheet, builderTypeId, recordingSubmitted } = await ownWorksheet(actor, worksheetId);
      return worksheetView(worksheet, builderTypeId, recordingSubmitted);
    },

    async getSubmittedPassages(actor: Actor, query: Query<typeof contracts.getSubmittedPassages>) {
      const rows = await repo.completedPassages(
        db,
        actor.userId,
        and(
          query.colour_band_id !== undefined ? eq(passages.colourBandId, query.colour_band_id) : undefined,
          query.series_id !== undefined ? eq(passages.seriesId, query.series_id) : undefined,
        ),
      );
      return {
        passages: rows.map((row) => ({
          passage_id: row.passageId,
          worksheet_id: row.worksheetId,
          title: row.title,
          completed_at: row.completedAt!.toISOString(),
          colour_band_id: row.colourBandId,
          series_id: row.seriesId,
          score_percent: row.scorePercent,
          recording_id: row.recordingId,
          recording_grading_viewed: row.recordingGradingViewed,
        })),
      };
    },

    async logReadingActivity(actor: Actor, body: Body<typeof contracts.logReadingActivity>) {
      const { worksheet } = await ownWorksheet(actor, body.worksheet_id);
      await repo.insertReadingLog(db, {
        studentId: worksheet.studentId,
        schoolId: worksheet.schoolId,
        worksheetId: worksheet.id,
        startTime: new Date(body.start_time),
        numPracticeRecordings: body.num_practice_recordings,
        readingSettings: body.reading_settings,
        createdAt: clock.now(),
      });
      return { success: true as const };
    },

    async listSkillBuilders(actor: Actor, query: Query<typeof contracts.listSkillBuilders>) {
      const reader = actor.role === 'student' ? await readerOf(db, actor) : undefined;
      const conditions = [
        eq(passages.builderTypeId, BuilderType.SkillBuilder),
        query.series_id !== undefined ? eq(passages.seriesId, query.series_id) : undefined,
        query.colour_band_id !== undefined ? eq(passages.colourBandId, query.colour_band_id) : undefined,
        reader ? passagesOpenTo(db, reader) : undefined,
      ];
      if (query.passage_id !== undefined) {
        const source = await openPassage(db, actor, query.passage_id, reader);
        const codes = await repo.outcomeCodesOf(db, source.id);
        if (codes.length === 0) return { skill_builders: [] };
        conditions.push(repo.targetsAnyOf(codes), ne(passages.id, source.id));
      }
      const rows = await repo.listPassageRows(db, and(...conditions), [
        asc(passages.colourBandId),
        asc(passages.title),
      ]);
      return { skill_builders: await summaries(actor, rows) };
    },

    passageActivity: (actor: Actor, classId: number) => passageActivity(db, actor, classId),
  };
}

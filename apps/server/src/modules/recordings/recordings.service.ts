/**
 * Read-aloud recordings (RA2–RA12): a student's upload streamed to storage and checked by
 * content, the teacher's trim, mistakes and comment, the student's viewing, fluency figures and the goal alerts they
 * raise. Every change of a recording happens in one transaction holding the recording's row.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  computeFluency,
  AlertType,
  COINS,
  MistakeType,
  RECORDING_MAX_BYTES,
  RECORDING_MAX_DURATION_MS,
  contracts,
} from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { classes, recordings, worksheets } from '../../db/schema/index.js';
import { AppError, invalidField, notFound } from '../../domain/errors.js';
import { readMultipart } from '../../http/multipart.js';
import type { Actor } from '../../domain/actor.js';
import type { DecodeOptions, SpeechBounds } from '../../platform/speech-bounds.js';
import type { StoredFile } from '../../platform/storage/storage.js';
import { recordingView } from './recording-view.js';
import { visibleClasses, visibleRecordings, visibleWorksheets } from '../access/scope.js';
import {
  createProgressionService,
  findReader,
  type ProgressionService,
} from '../progression/progression.service.js';
import { createGoalsService } from '../goals/goals.service.js';
import { sendNotifications } from '../notifications/notifications.service.js';
import { findWorksheet } from '../reading/reading.service.js';
import { completeIfDone } from '../reading/worksheet-completion.js';
import {
  ACCEPTED_SNIFFED_TYPES,
  MIN_RECORDING_MS,
  SNIFFED_AUDIO,
  analysesAreBusy,
  hearUpload,
  type HeardAudio,
} from './audio.js';

import * as repo from './recordings.repository.js';

/** What reports read of recordings. */
export { recordingsOf } from './recordings.repository.js';

type Output<S> = S extends z.ZodType ? z.output<S> : never;
type TrimBody = Output<(typeof contracts.trimRecording)['body']>;
type MistakesBody = Output<(typeof contracts.saveMistakes)['body']>;
type ActivityBody = Output<(typeof contracts.logRecordingActivity)['body']>;
type UploadFields = typeof contracts.uploadRecording.multipart.fields;
/** Where a missing trim suggestion is noted: the request's log, or the seed's. */
export interface UploadLog {
  warn(details: object, message: string): void;
}
/** An upload heard: the length it is stored with and its suggested trim. */
interface Heard {
  durationMs: number | null;
  suggested: SpeechBounds | null;
}

const COIN_REASON = 'recording';
const TAKE_ID = contracts.uploadRecording.multipart.fields.shape.client_recording_id;
/** Containers round their length; a file read as 10 min 0.5 s is still a 10-minute recording. */
const LENGTH_TOLERANCE_MS = 1000;

export type RecordingsService = ReturnType<typeof createRecordingsService>;

export function createRecordingsService(
  deps: Deps,
  progression: ProgressionService = createProgressionService(deps),
) {
  const { db, clock, storage } = deps;
  const goals = createGoalsService(deps, progression);

  const view = (row: repo.RecordingViewRow) => recordingView(row, storage);

  async function viewOf(tx: Executor, id: number) {
    const [row] = await repo.recordingRows(tx, eq(recordings.id, id), repo.newestFirst, 1);
    return view(row!);
  }

  async function recordingInScope(tx: Executor, actor: Actor, id: number, lock = false) {
    const found = await repo.findRecording(tx, id, visibleRecordings(tx, actor), { lock });
    if (!found) throw notFound('recording');
    return found;
  }

  /** The upload's own errors: a form cut off mid-upload is the file's fault, named as such. */
  function asUploadError(error: unknown): unknown {
    if (error instanceof AppError) return error;
    const message = error instanceof Error ? error.message : '';
    const code = (error as { code?: string } | null)?.code ?? '';
    if (/unexpected end|aborted|premature|terminated|truncated/i.test(message) || code === 'ECONNRESET') {
      return invalidField('file', 'the upload was cut off before it finished; send the recording again');
    }
    return error;
  }

  /** A recording's length (the file's own, else the client's) is a second at least and at most 10 minutes (RA2). */
  function checkLength(lengthMs: number | null) {
    if (lengthMs !== null && lengthMs < MIN_RECORDING_MS) {
      throw invalidField('file', 'holds less than a second of audio; record the reading again');
    }
    if (lengthMs !== null && lengthMs > RECORDING_MAX_DURATION_MS + LENGTH_TOLERANCE_MS) {
      throw invalidField('file', 'a recording is at most 10 minutes');
    }
  }

  /**
   * Where speech starts and ends (platform/speech-bounds), the default trim the teacher can move; null when it
   * cannot be found (no ffmpeg, no speech) or falls outside the recording's length.
   */
  function suggestedTrim(audio: HeardAudio, durationMs: number | null, log: UploadLog): SpeechBounds | null {
    if (audio.bounds === undefined) log.warn({}, 'no suggested trim: ffmpeg is not installed');
    const bounds = audio.bounds;
    if (!bounds) return null;
    const startMs = Math.max(0, Math.round(bounds.startMs));
    const endMs = Math.round(durationMs ? Math.min(bounds.endMs, durationMs) : bounds.endMs);
    return endMs > startMs ? { startMs, endMs } : null;
  }

  /**
   * An upload heard: its length held to the limit (what the file holds counts, whatever the client said) and its
   * trim suggested. The audio tools read a file on this machine: the stored one, or one copy of it from a bucket.
   */
  async function hear(
    file: StoredFile,
    clientLengthMs: number | undefined,
    log: UploadLog,
    options: DecodeOptions = {},
  ): Promise<Heard> {
    const analysed = await storage.withLocalCopy(file.key, async (localPath) => {
      const audio = await hearUpload(localPath, file, options);
      checkLength(audio.lengthMs ?? clientLengthMs ?? null);
      const durationMs = clientLengthMs ?? audio.lengthMs;
      return { durationMs, suggested: suggestedTrim(audio, durationMs, log) };
    });
    if (!analysed) throw new Error(`the stored recording ${file.key} is missing`);
    return analysed;
  }

  /**
   * Hears an upload whose client gave its length, answering as soon as it is known to play (RA1, issue 16): once
   * its first second is decoded, or at once when the queue of analyses is long. A file shorter than that is heard
   * whole first, so it is refused as before. `later` is the rest of the analysis when the answer did not wait for it.
   */
  async function hearUntilPlaying(file: StoredFile, lengthMs: number, log: UploadLog) {
    let playing = () => {};
    const heardFor = new Promise<null>((resolve) => (playing = () => resolve(null)));
    const heard = hear(file, lengthMs, log, { whenHeard: { ms: MIN_RECORDING_MS, notify: playing } });
    heard.catch(() => {}); // a failure after the answer is the later suggestion's to log
    const first = analysesAreBusy() ? null : await Promise.race([heardFor, heard]);
    return first
      ? { analysed: first, later: null }
      : { analysed: { durationMs: lengthMs, suggested: null }, later: heard };
  }

  /**
   * The suggested trim of a recording answered before it was heard whole (RA1), stored when its analysis ends: as
   * the suggestion, and as the trim unless staff moved or confirmed it meanwhile. The review screen reads both with
   * the recording, so the teacher sees it whenever they open it after. A file that cannot be heard whole keeps no
   * suggestion (logged), as without ffmpeg.
   */
  async function suggestLater(id: number, heard: Promise<Heard>, durationMs: number, log: UploadLog) {
    try {
      const { suggested } = await heard;
      if (!suggested) return;
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(recordings).where(eq(recordings.id, id)).for('update');
        if (!row) return;
        const untouched = !row.wpmConfirmed && row.startMs === 0 && row.endMs === durationMs;
        await repo.updateRecording(tx, id, {
          suggestedStartMs: suggested.startMs,
          suggestedEndMs: suggested.endMs,
          ...(untouched ? { startMs: suggested.startMs, endMs: suggested.endMs } : {}),
        });
      });
    } catch (error) {
      log.warn(
        { err: error, recordingId: id },
        'no suggested trim: the recording could not be heard after its answer',
      );
    }
  }

  /**
   * Stores the figures of a recording after its trim or mistakes changed: computed once the trim is confirmed,
   * null before. Then checks the student's WPM and WCPM goals.
   */
  async function refigure(tx: Executor, id: number, passageWords: number) {
    const [r] = await tx.select().from(recordings).where(eq(recordings.id, id));
    const fluency = computeFluency({
      passageWords,
      lastWordIndex: r!.lastWordIndex,
      mistakes: await repo.mistakesOf(tx, id),
      startMs: r!.startMs ?? 0,
      endMs: r!.endMs,
      durationMs: r!.durationMs,
    });
    const confirmed = r!.wpmConfirmed;
    const figures = {
      wpm: confirmed ? fluency.wpm : null,
      wcpm: confirmed ? fluency.wcpm : null,
      accuracy: confirmed ? fluency.accuracy : null,
    };
    await repo.updateRecording(tx, id, figures);
    // The goals module raises the AchieveGoal alerts in this transaction (RA9, G3).
    if (confirmed) {
      await goals.checkGoals(
        tx,
        r!.studentId,
        { wpm: figures.wpm, wcpm: figures.wcpm },
        { worksheetId: r!.worksheetId, details: { recording_id: r!.id } },
      );
    }
  }

  async function ownWorksheet(actor: Actor, worksheetId: number) {
    const found = await findWorksheet(db, worksheetId, eq(worksheets.studentId, actor.userId));
    if (!found) throw notFound('worksheet');
    return found;
  }

  const uploadRules = (actor: Actor) => ({
    folder: `recordings/${actor.userId}`,
    maxBytes: RECORDING_MAX_BYTES,
    acceptedTypes: ACCEPTED_SNIFFED_TYPES,
  });

  /** The recording a take was stored as when the student sends it again, else null (RA12). */
  async function storedTake(actor: Actor, clientRecordingId: unknown) {
    const take = TAKE_ID.safeParse(clientRecordingId);
    return take.success && take.data ? repo.recordingOfTake(db, actor.userId, take.data) : null;
  }

  /**
   * An upload becomes a recording: a take sent again is answered with the one stored (its copy, if stored, goes);
   * else its length held to the limit, its trim suggested, then in one transaction the row, the activity log, the
   * completion check, the coins and the alert (RA2–RA4, RA12). A refused upload's file is removed.
   */
  async function accept(
    actor: Actor,
    found: NonNullable<Awaited<ReturnType<typeof findWorksheet>>>,
    file: StoredFile | undefined,
    fields: z.output<UploadFields>,
    log: UploadLog,
  ) {
    // A take sent again is answered before its copy is heard: ffmpeg is not paid for a file that goes (RA12).
    const earlier = await storedTake(actor, fields.client_recording_id);
    if (earlier) {
      if (file) await storage.remove(file.key);
      return viewOf(db, earlier);
    }
    if (!file) throw invalidField('file', 'a file is required');
    try {
      // With the client's length the answer waits only until the file plays; without it, for the whole file (RA1).
      const { analysed, later } =
        fields.duration_ms === undefined
          ? { analysed: await hear(file, undefined, log), later: null }
          : await hearUntilPlaying(file, fields.duration_ms, log);
      const { durationMs, suggested } = analysed;
      const clientId = fields.client_recording_id ?? null;
      const stored = await db.transaction(async (tx) => {
        // The student's row is locked: their uploads are stored one at a time, so a retry sees the first.
        const reader = await findReader(tx, actor.userId, { lock: true });
        if (!reader) throw notFound('student');
        const earlier = clientId && (await repo.recordingOfTake(tx, actor.userId, clientId));
        if (earlier) return { recording: await viewOf(tx, earlier), isRetry: true };
        const worksheet = found.worksheet;
        const now = clock.now();
        const id = await repo.insertRecording(tx, {
          worksheetId: worksheet.id,
          studentId: actor.userId,
          schoolId: worksheet.schoolId,
          districtId: worksheet.districtId,
          fileKey: file.key,
          mimeType: SNIFFED_AUDIO[file.mimeType] ?? file.mimeType,
          sizeBytes: file.sizeBytes,
          durationMs: durationMs ?? 0,
          numReRecording: fields.num_re_recording,
          clientRecordingId: clientId,
          suggestedStartMs: suggested?.startMs ?? null,
          suggestedEndMs: suggested?.endMs ?? null,
          startMs: suggested?.startMs ?? 0,
          endMs: suggested?.endMs ?? durationMs,
          createdAt: now,
        });
        await repo.insertActivityLog(tx, {
          studentId: actor.userId,
          schoolId: worksheet.schoolId,
          worksheetId: worksheet.id,
          numReRecording: fields.num_re_recording,
          createdAt: now,
        });
        await completeIfDone(tx, reader, worksheet.id, progression, now);
        if (!(await repo.wasPaid(tx, actor.userId, worksheet.id, COIN_REASON))) {
          await progression.award(tx, reader, COINS.recordingSubmitted, COIN_REASON, worksheet.id);
        }
        const recording = await viewOf(tx, id);
        await progression.raise(tx, reader, AlertType.RecordingSubmission, {
          passageId: worksheet.passageId,
          worksheetId: worksheet.id,
          details: { recording_id: id, title: recording.passage_title },
        });
        return { recording, isRetry: false };
      });
      // A take sent again (its answer was lost on the way) is stored once: the copy just received goes.
      if (stored.isRetry) await storage.remove(file.key);
      else if (later) void suggestLater(stored.recording.id, later, fields.duration_ms!, log);
      return stored.recording;
    } catch (error) {
      await storage.remove(file.key);
      throw error;
    }
  }

  return {
    /** An upload as the API receives it: the worksheet checked first, then the form read and its file stored. */
    async upload(actor: Actor, worksheetId: number, request: FastifyRequest) {
      const found = await ownWorksheet(actor, worksheetId);
      let form: Awaited<ReturnType<typeof readMultipart<UploadFields>>>;
      try {
        form = await readMultipart(
          request,
          contracts.uploadRecording.multipart,
          storage,
          () => uploadRules(actor),
          // The take's id sent before the file: a take stored already is not stored again (RA12).
          { keepFile: async (fields) => (await storedTake(actor, fields.client_recording_id)) === null },
        );
      } catch (error) {
        throw asUploadError(error);
      }
      return accept(actor, found, form.files.file, form.fields, request.log);
    },

    /** The same upload from audio already in hand (the demo seed's recordings), with the form's fields as text. */
    async uploadAudio(
      actor: Actor,
      worksheetId: number,
      audio: Readable,
      fields: Record<string, string>,
      log: UploadLog,
    ) {
      const found = await ownWorksheet(actor, worksheetId);
      const parsed = contracts.uploadRecording.multipart.fields.parse(fields);
      const file = await storage.save(audio, { ...uploadRules(actor), field: 'file' });
      return accept(actor, found, file, parsed, log);
    },

    async listOfWorksheet(actor: Actor, worksheetId: number) {
      const found = await findWorksheet(db, worksheetId, visibleWorksheets(db, actor));
      if (!found) throw notFound('worksheet');
      const rows = await repo.recordingRows(
        db,
        and(eq(recordings.worksheetId, worksheetId), visibleRecordings(db, actor))!,
        repo.newestFirst,
      );
      return { recordings: rows.map(view) };
    },

    async listOfClass(actor: Actor, classId: number) {
      const [klass] = await db
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.id, classId), visibleClasses(db, actor)));
      if (!klass) throw notFound('class');
      const rows = await repo.recordingRows(
        db,
        and(repo.ofClass(db, classId), visibleRecordings(db, actor), eq(recordings.isPractice, false))!,
        repo.reviewOrder,
      );
      return { recordings: rows.map(view) };
    },

    async trim(actor: Actor, id: number, body: TrimBody) {
      return db.transaction(async (tx) => {
        const { recording: r, passageWords } = await recordingInScope(tx, actor, id, true);
        const startMs = Math.round(body.start_time * 1000);
        const endMs = body.end_time === null ? null : Math.round(body.end_time * 1000);
        if (r.durationMs > 0) {
          if (startMs >= r.durationMs) {
            throw invalidField(
              'body.start_time',
              `must be before the end of the recording (${r.durationMs / 1000} s)`,
            );
          }
          if (endMs !== null && endMs > r.durationMs) {
            throw invalidField(
              'body.end_time',
              `must be at most the recording's length (${r.durationMs / 1000} s)`,
            );
          }
        }
        await repo.updateRecording(tx, r.id, {
          startMs,
          endMs,
          ...(body.submit ? { wpmConfirmed: true } : {}),
        });
        await refigure(tx, r.id, passageWords);
        return viewOf(tx, r.id);
      });
    },

    async getMistakes(actor: Actor, id: number) {
      const { recording: r } = await recordingInScope(db, actor, id);
      return mistakesView(r, await repo.mistakesOf(db, r.id));
    },

    async saveMistakes(actor: Actor, id: number, body: MistakesBody) {
      return db.transaction(async (tx) => {
        // The row lock makes two teachers' saves take turns: the later one replaces the whole set.
        const { recording: r, passageWords } = await recordingInScope(tx, actor, id, true);
        const lastWordIndex = body.last_word_index ?? null;
        if (lastWordIndex !== null && lastWordIndex >= passageWords) {
          throw invalidField(
            'body.last_word_index',
            `must be below ${passageWords}: the passage has ${passageWords} words`,
          );
        }
        const lastWord = lastWordIndex ?? passageWords - 1;
        body.mistakes.forEach((mistake, index) => {
          // An insertion sits before a word, so it may also come after the last word read.
          const limit = mistake.type === MistakeType.Insertion ? lastWord + 1 : lastWord;
          if (mistake.word_index > limit) {
            throw invalidField(
              `body.mistakes.${index}.word_index`,
              lastWordIndex === null
                ? `must be at most ${limit}: the passage has ${passageWords} words`
                : `must be at most ${limit}: the last word read is ${lastWordIndex}`,
            );
          }
        });
        const rows = body.mistakes.map((mistake) => ({
          wordIndex: mistake.word_index,
          type: mistake.type,
          text: mistake.text ?? null,
        }));
        await repo.replaceMistakes(tx, r, rows);
        await repo.updateRecording(tx, r.id, {
          numMistakes: rows.length,
          lastWordIndex,
          version: r.version + 1,
        });
        await refigure(tx, r.id, passageWords);
        return mistakesView(
          { ...r, numMistakes: rows.length, lastWordIndex },
          await repo.mistakesOf(tx, r.id),
        );
      });
    },

    async comment(actor: Actor, id: number, comment: string) {
      return db.transaction(async (tx) => {
        const { recording: r, passageId } = await recordingInScope(tx, actor, id, true);
        const now = clock.now();
        await repo.updateRecording(tx, r.id, {
          comment,
          gradingCompleted: true,
          gradedAt: now,
          gradedBy: actor.userId,
          // A new or changed comment is new feedback: the student has not seen it yet.
          ...(r.comment !== comment ? { gradingViewed: false } : {}),
        });
        if (r.comment !== comment) {
          const view = await viewOf(tx, r.id);
          await sendNotifications(tx, [
            {
              userId: r.studentId,
              kind: 'recording_graded',
              title: 'Your recording has been graded',
              body: `Your teacher has listened to your reading of “${view.passage_title}” and left a comment.`,
              link: `/power-builders/${passageId}/read-aloud`,
              createdAt: now,
            },
          ]);
          return view;
        }
        return viewOf(tx, r.id);
      });
    },

    async markViewed(actor: Actor, id: number) {
      const { recording: r } = await recordingInScope(db, actor, id);
      if (r.gradingCompleted && !r.gradingViewed) {
        await repo.updateRecording(db, r.id, { gradingViewed: true });
      }
      return { success: true as const };
    },

    async logActivity(actor: Actor, body: ActivityBody) {
      const found = await findWorksheet(db, body.worksheet_id, eq(worksheets.studentId, actor.userId));
      if (!found) throw notFound('worksheet');
      // The upload logged its take already (RA4): the client's call after it adds no second row (RA11).
      await repo.insertActivityLogOnce(db, {
        studentId: actor.userId,
        schoolId: found.worksheet.schoolId,
        worksheetId: found.worksheet.id,
        numReRecording: body.num_re_recording,
        createdAt: clock.now(),
      });
      return { success: true as const };
    },
  };
}

function mistakesView(
  r: { id: number; numMistakes: number; lastWordIndex: number | null },
  rows: { wordIndex: number; type: number; text: string | null }[],
) {
  return {
    recording_id: r.id,
    mistakes: rows.map((row) => ({
      word_index: row.wordIndex,
      type: row.type as 1 | 2 | 3 | 4,
      ...(row.text !== null ? { text: row.text } : {}),
    })),
    num_mistakes: r.numMistakes,
    last_word_index: r.lastWordIndex,
  };
}

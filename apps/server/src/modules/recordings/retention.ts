/**
 * Audio retention (RA13): a recording's audio is deleted once it is older than its district's
 * `audio_retention_days`; the row stays with its trim, marks, figures and comment, `file_url` becomes null.
 * A sweep runs at start and every hour. It works in small batches, each row updated on its own (no long locks),
 * deletes the file before it forgets the key (a failure leaves a row that the next sweep tries again, never a file
 * nobody knows of), and goes on past a file that cannot be deleted. Where several servers share the database, one
 * sweeps at a time (docs/rules.md O11): a server that finds another sweeping leaves it to that one.
 */
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { districts, recordings } from '../../db/schema/index.js';
import { runOnOneServer } from '../../db/single-runner.js';

export const RETENTION_BATCH = 200;
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}
const quiet: Log = { info() {}, warn() {}, error() {} };

export interface SweepResult {
  /** Recordings whose audio was deleted. */
  deleted: number;
  /** Recordings whose file could not be deleted: kept for the next sweep. */
  failed: number;
}

export type AudioRetention = ReturnType<typeof createAudioRetention>;

const services = new WeakMap<Deps, AudioRetention>();
/** One per set of deps, so the timer started in main.ts is the one the app's onClose hook stops. */
export function audioRetention(deps: Deps): AudioRetention {
  let service = services.get(deps);
  if (!service) {
    service = createAudioRetention(deps);
    services.set(deps, service);
  }
  return service;
}

export function createAudioRetention({ db, clock, storage }: Pick<Deps, 'db' | 'clock' | 'storage'>) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<SweepResult> | null = null;

  /**
   * Deletes the audio of every recording past its district's retention, as of the clock's now, unless another
   * server is sweeping (O11: each file is deleted once, by one server).
   */
  async function sweep(log: Log = quiet, batchSize = RETENTION_BATCH): Promise<SweepResult> {
    const run = await runOnOneServer(db, 'audio retention sweep', () => sweepAll(log, batchSize));
    if (run.ran) return run.value;
    log.info({}, 'audio retention: another server is sweeping');
    return { deleted: 0, failed: 0 };
  }

  async function sweepAll(log: Log, batchSize: number): Promise<SweepResult> {
    const now = clock.now();
    const result: SweepResult = { deleted: 0, failed: 0 };
    let after = 0;
    for (;;) {
      const batch = await db
        .select({ id: recordings.id, fileKey: recordings.fileKey })
        .from(recordings)
        .innerJoin(districts, eq(districts.id, recordings.districtId))
        .where(
          and(
            isNotNull(recordings.fileKey),
            gt(recordings.id, after),
            sql`${recordings.createdAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${districts.audioRetentionDays})`,
          ),
        )
        .orderBy(asc(recordings.id))
        .limit(batchSize);
      if (batch.length === 0) break;
      after = batch.at(-1)!.id;
      const removed: number[] = [];
      for (const { id, fileKey } of batch) {
        try {
          await storage.remove(fileKey!);
          removed.push(id);
        } catch (error) {
          result.failed += 1;
          log.warn({ err: error, recordingId: id }, 'audio retention: the file could not be deleted');
        }
      }
      if (removed.length > 0) {
        const updated = await db
          .update(recordings)
          .set({ fileKey: null, audioDeletedAt: now })
          .where(and(inArray(recordings.id, removed), isNotNull(recordings.fileKey)))
          .returning({ id: recordings.id });
        result.deleted += updated.length;
      }
      if (batch.length < batchSize) break;
    }
    if (result.deleted > 0 || result.failed > 0) log.info({ ...result }, 'audio retention: swept');
    return result;
  }

  /** One sweep at a time: a sweep asked for while one runs is that one. */
  function sweepOnce(log: Log): Promise<SweepResult> {
    running ??= sweep(log)
      .catch((error: unknown) => {
        log.error({ err: error }, 'audio retention: the sweep failed');
        return { deleted: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    sweep,
    /** Sweeps now and then every hour; the timer never keeps the process alive. */
    start(log: Log, intervalMs = RETENTION_INTERVAL_MS) {
      if (timer) return;
      void sweepOnce(log);
      timer = setInterval(() => void sweepOnce(log), intervalMs);
      timer.unref();
    },
    /** Resolves once no sweep is in progress. */
    async idle() {
      await running;
    },
    /** Stops the timer and waits for a sweep in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

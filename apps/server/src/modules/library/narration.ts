/**
 * Narration of the library's pages, with each word's start and end for highlighting, and of single words
 * (R23). Audio is content-addressed: DATA_DIR/narration/<sha256 of voice and text>.mp3, with the page's
 * timings beside it in .json, so a restart, a re-import or a second server on the same DATA_DIR never speaks the
 * same text twice. Nothing is generated while the product starts: after it listens, a background job narrates
 * the pages still missing one at a time, and a page (`page`) or passage (`requestPassage`) asked for before its
 * turn is narrated at once (one run per text, however many ask), at most a page per core at a time, the book opened
 * last first (R31). Without speech, pages have no narration and the browser's voice reads.
 * Where several servers share the database, their background jobs share the pages: each page is narrated by one
 * (docs/rules.md O12).
 */
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import PQueue from 'p-queue';
import { isKnownWord, splitWords } from '@readalong/content';
import type { Deps } from '../../deps.js';
import { passagePages, type WordTiming } from '../../db/schema/index.js';
import { runOnOneServer } from '../../db/single-runner.js';
import { AppError } from '../../domain/errors.js';
import type { SpeechPriority } from '../../platform/speech.js';
import { API_PREFIX } from '../../http/route.js';

export const NARRATION_PREFIX = `${API_PREFIX}/narration/`;
export const narrationUrl = (key: string) => `${NARRATION_PREFIX}${key}`;
/** A narration file's name: 64 hex and the audio extension. */
export const NARRATION_FILE = /^[0-9a-f]{64}\.mp3$/;

export interface PageNarration {
  page_num: number;
  narration_url: string;
  duration_ms: number | null;
  /** One per word of the page (content's splitWords), in reading order. */
  word_timings: { word: string; start_ms: number; end_ms: number }[];
}

type PageRow = { passageId: number; pageNum: number; text: string };

/** What DATA_DIR/narration/<key>.json holds. */
interface CachedNarration {
  voice: string;
  text: string;
  durationMs: number;
  bytes: number;
  aligned: boolean;
  timings: WordTiming[];
}

export interface NarrationLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface NarrationJob {
  /** Resolves when every missing page is narrated (or the job stopped). */
  done: Promise<{ narrated: number; failed: number }>;
  /** Stops after the page in hand. */
  stop(): Promise<void>;
}

export type NarrationService = ReturnType<typeof createNarrationService>;

const services = new WeakMap<Deps, NarrationService>();
/** One service per set of deps, so the routes and the background job share the runs in progress. */
export function narrationService(deps: Deps): NarrationService {
  let service = services.get(deps);
  if (!service) {
    service = createNarrationService(deps);
    services.set(deps, service);
  }
  return service;
}

function createNarrationService({ db, speech, config }: Deps) {
  const dir = config.narration.dir;
  const available = speech.unavailableReason === null;
  const running = new Map<string, Promise<unknown>>();
  /**
   * The pages of books opened before the background job reached them (R31): a voice process a core at most (each
   * holds about 340 MB: ninety books opened in a row once ran fifty at once), the book asked for last first, since
   * its reader is the one waiting now, and a book's pages in order.
   */
  const openedBooks = new PQueue({ concurrency: availableParallelism() });
  let booksAskedFor = 0;
  /** The queue's ids of each opened book's pages, while they are narrated. */
  const pagesOfOpenedBook = new Map<number, string[]>();
  /** A book asked for again (a child opens one a teacher's preview queued) moves its waiting pages to the front. */
  function bringForward(passageId: number, priority: number) {
    for (const id of pagesOfOpenedBook.get(passageId) ?? []) {
      try {
        openedBooks.setPriority(id, priority);
      } catch {
        // That page is being narrated, or is done.
      }
    }
  }
  const keyOf = (text: string) =>
    `${createHash('sha256').update(`${speech.voice}\n${text}`).digest('hex')}.${speech.extension}`;
  const fileOf = (key: string) => path.join(dir, key);
  const metaKeyOf = (key: string) => key.replace(/\.\w+$/, '.json');
  const readMeta = (key: string) =>
    readFile(fileOf(metaKeyOf(key)), 'utf8')
      .then((json) => JSON.parse(json) as CachedNarration)
      .catch(() => null);

  /** Runs `work` once per key at a time: callers asking for the same text share the run in progress. */
  function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const inProgress = running.get(key) as Promise<T> | undefined;
    if (inProgress) return inProgress;
    const run = work().finally(() => running.delete(key));
    running.set(key, run);
    return run;
  }

  async function save(key: string, bytes: Buffer | string) {
    await mkdir(dir, { recursive: true });
    const tmp = fileOf(`.${randomUUID()}.tmp`);
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, fileOf(key));
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** The text's audio and timings, from the cache or spoken now (for a reader waiting, or in the background). */
  function narrateText(text: string, priority: SpeechPriority): Promise<CachedNarration & { key: string }> {
    const key = keyOf(text);
    return once(key, async () => {
      const cached = await readMeta(key);
      if (cached && (await exists(fileOf(key)))) return { ...cached, key };
      const result = await speech.narrate(text, splitWords(text), priority);
      await save(key, result.audio);
      const meta: CachedNarration = {
        voice: speech.voice,
        text,
        durationMs: result.durationMs,
        bytes: result.audio.length,
        aligned: result.aligned,
        timings: result.timings,
      };
      await save(metaKeyOf(key), JSON.stringify(meta));
      return { ...meta, key };
    });
  }

  /** The row of this page while it still has this text. */
  const samePage = (row: PageRow) =>
    and(
      eq(passagePages.passageId, row.passageId),
      eq(passagePages.pageNum, row.pageNum),
      eq(passagePages.text, row.text),
    );

  /** Narrates one page row and records it, unless its text changed meanwhile. */
  async function narratePage(row: PageRow, priority: SpeechPriority = 'reader') {
    const narration = await narrateText(row.text, priority);
    await db
      .update(passagePages)
      .set({ narrationKey: narration.key, wordTimings: narration.timings })
      .where(samePage(row));
    return narration;
  }

  /**
   * The background job's page (O12): narrated under the page's advisory lock, and only if, read again under it,
   * it still lacks this voice's narration. Null when another server has it in hand or has done it.
   */
  async function narratePageOnOneServer(row: PageRow) {
    const run = await runOnOneServer(db, `narration of page ${row.passageId}/${row.pageNum}`, async () => {
      const [current] = await db
        .select({ narrationKey: passagePages.narrationKey })
        .from(passagePages)
        .where(samePage(row));
      return current && current.narrationKey !== keyOf(row.text) ? narratePage(row, 'background') : null;
    });
    return run.ran ? run.value : null;
  }

  const toPage = (pageNum: number, key: string, timings: WordTiming[], durationMs: number | null) => ({
    page_num: pageNum,
    narration_url: narrationUrl(key),
    duration_ms: durationMs,
    word_timings: timings.map((timing) => ({
      word: timing.word,
      start_ms: timing.startMs,
      end_ms: timing.endMs,
    })),
  });

  return {
    available,
    unavailableReason: speech.unavailableReason,

    /** Resolves once nothing is being narrated (runs that start meanwhile are waited for too). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },

    /**
     * A page's narration: as recorded, or spoken now when missing (the background job has not reached it yet).
     * Null when there is none and speech is unavailable.
     */
    async page(passageId: number, pageNum: number): Promise<PageNarration | null> {
      const [row] = await db
        .select()
        .from(passagePages)
        .where(and(eq(passagePages.passageId, passageId), eq(passagePages.pageNum, pageNum)));
      if (!row) return null;
      if (row.narrationKey && row.wordTimings && (await exists(fileOf(row.narrationKey)))) {
        const meta = await readMeta(row.narrationKey);
        return toPage(pageNum, row.narrationKey, row.wordTimings, meta?.durationMs ?? null);
      }
      if (!available) return null;
      const narration = await narratePage(row);
      return toPage(pageNum, narration.key, narration.timings, narration.durationMs);
    },

    /**
     * Narrates a passage's pages that have no narration yet, first page first, for a reader who opened it before
     * the background job got to it: after the pages of books opened later, before those of books opened earlier
     * (asked for again, it counts as opened now). Callers need not wait (`void narration.requestPassage(id)`): the
     * pages fill in as they are made. One run per passage at a time; a page already being made is shared, not made
     * twice.
     */
    async requestPassage(passageId: number): Promise<void> {
      if (!available) return;
      const priority = ++booksAskedFor;
      bringForward(passageId, priority);
      await once(`passage:${passageId}`, async () => {
        const rows = await db
          .select({
            passageId: passagePages.passageId,
            pageNum: passagePages.pageNum,
            text: passagePages.text,
          })
          .from(passagePages)
          .where(and(eq(passagePages.passageId, passageId), isNull(passagePages.narrationKey)))
          .orderBy(asc(passagePages.pageNum));
        const ids = rows.map((row) => `${row.passageId}/${row.pageNum}`);
        pagesOfOpenedBook.set(passageId, ids);
        // Best effort: a page left without narration is read by the browser's voice.
        await Promise.allSettled(
          rows.map((row, index) => openedBooks.add(() => narratePage(row), { priority, id: ids[index] })),
        ).finally(() => pagesOfOpenedBook.delete(passageId));
      }).catch(() => undefined);
    },

    /** The signed-in reader's word: a link to its spoken audio (GET /v1/questions/narration). */
    async wordUrl(word: string): Promise<string> {
      if (!available) {
        throw new AppError(
          'not_found',
          'Narration is not available on this server; the browser’s voice reads instead.',
        );
      }
      if (!/\p{L}/u.test(word) || !isKnownWord(word)) {
        throw new AppError('not_found', `“${word}” is not a word narration knows.`);
      }
      const key = keyOf(word);
      await once(key, async () => {
        if (await exists(fileOf(key))) return;
        await save(key, (await speech.speak(word)).audio);
      });
      return narrationUrl(key);
    },

    /** Narrates every page whose narration is missing or from another voice, one page at a time. */
    startBackgroundJob(log: NarrationLog): NarrationJob {
      let stopping = false;
      const outcome = { narrated: 0, failed: 0 };
      const done = (async () => {
        if (!available) return outcome;
        const rows = await db
          .select({
            passageId: passagePages.passageId,
            pageNum: passagePages.pageNum,
            text: passagePages.text,
            narrationKey: passagePages.narrationKey,
          })
          .from(passagePages)
          .orderBy(asc(passagePages.passageId), asc(passagePages.pageNum));
        const missing = rows.filter((row) => row.narrationKey !== keyOf(row.text));
        if (missing.length === 0) return outcome;
        log.info(`narration: ${missing.length} pages to narrate (${speech.voice})`);
        for (const [index, row] of missing.entries()) {
          if (stopping) break;
          try {
            const narration = await narratePageOnOneServer(row);
            if (!narration) continue; // another server narrates it (O12)
            outcome.narrated += 1;
            if (!narration.aligned) {
              log.warn(`narration of passage ${row.passageId} page ${row.pageNum}: word times estimated`);
            }
            log.info(`narration ${index + 1}/${missing.length}`);
          } catch (error) {
            if (stopping) break; // the database may close under the page in hand; its audio is cached already
            outcome.failed += 1;
            log.warn(
              `narration of passage ${row.passageId} page ${row.pageNum} failed: ${(error as Error).message}`,
            );
          }
        }
        const ended = stopping ? 'stopped' : 'done';
        log.info(`narration ${ended}: ${outcome.narrated} pages narrated, ${outcome.failed} failed`);
        return outcome;
      })().catch((error: unknown) => {
        if (!stopping) log.warn(`narration stopped: ${(error as Error).message}`);
        return outcome;
      });
      return {
        done,
        async stop() {
          stopping = true;
          await done;
        },
      };
    },
  };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

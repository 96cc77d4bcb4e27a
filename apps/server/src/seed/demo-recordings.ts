/**
 * Read-aloud recordings in the demo history, so demo.teacher has work to review. Students of demo.teacher's classes
 * who read aloud record some of the books they read: the audio is real speech of the pages they read, spoken by
 * espeak-ng at a speed of the child's own (a re-read faster), with a little room noise and a second or so of quiet
 * before and after, so the server's suggested trim (RA1) has something to find; the mistakes planned for it are
 * in the audio too (a word left out, one added, one said wrong, one swapped). Each is uploaded as the student
 * through the recordings service's own upload (RA2–RA4, RA12), at the moment of the history it belongs to.
 * Older recordings are reviewed by demo.teacher with the service calls a teacher's screen makes (trim confirmed
 * around the suggestion, the mistakes marked on their word indexes, a kind comment), and most of those have been
 * seen by their student; one student re-read a book weeks later, faster and more accurately; demo.student (who
 * switches read-aloud on late in the history) has a graded recording he has not opened; the latest few are waiting
 * for review.
 *
 * Speech comes from the same detection as narration (NARRATION on and the speech packages installed); without it
 * no recordings are made, one log line says why, and the history is what it would be without them. Audio is
 * encoded as Ogg/Opus with ffmpeg when installed (else WAV). Synthesis runs at most two at a time, while the
 * history is written. Nothing is random: who records what, how fast and with which mistakes comes from
 * `stableNumber`.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { MistakeType, passageWords, type PassageWord } from '@readalong/contracts';
import type { Executor } from '../db/database.js';
import { classTeachers, passagePages, recordings, students, users } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import type { ProgressionService } from '../modules/progression/progression.service.js';
import { createRecordingsService } from '../modules/recordings/recordings.service.js';
import type { Speech } from '../platform/speech.js';
import type { Storage } from '../platform/storage/storage.js';
import { stableNumber } from './stable-number.js';
import { decodeWav, encodeWav } from '../platform/wav.js';
import { runProgram } from '../platform/run-program.js';

/** What recordings need beyond the seed's transaction and clock: where files go, and whether speech can be made. */
export interface RecordingPlatform {
  storage: Storage;
  speech: Pick<Speech, 'unavailableReason'>;
}

/** When: `day` school days before today, at `time` (UTC). */
export interface When {
  day: number;
  time: string;
}

export interface BookInfo {
  id: number;
  slug: string;
  builderTypeId: number;
  colourBandId: number;
  numPages: number;
}

/** A sitting of the history: who read which book when, and whether they read all of it. */
export interface Sitting {
  username: string;
  book: BookInfo;
  when: When;
  finished: boolean;
}

export const DEMO_TEACHER = 'demo.teacher';
/** The book demo.student records, the first after his teacher switches read-aloud on for him. */
export const LEO_RECORDS = 'b09-penguins-built-for-the-cold';
/** A recording covers the pages read aloud up to about this many words (at least one page): a minute or two. */
const WORDS_READ_ALOUD = 110;
const REVIEWED_STUDENTS = 6;
const WAITING_STUDENTS = 5;
/** Synthesis and encoding run at most this many at a time. */
const SYNTHESIS_AT_ONCE = 2;
/** Room noise added under the whole recording, full scale 1: about -60 dBFS. */
const NOISE_AMPLITUDE = 30 / 32768;
/** espeak-ng's voice variants, pitched up like a child's. */
const VOICES = ['f2', 'f3', 'f4', 'f5', 'm3', 'f1', 'm7'] as const;

const COMMENTS = [
  'Lovely expression, {name}! Slow down a little at the full stops so each sentence can breathe.',
  'Great reading, {name}. Watch the small words like “the” and “and”: read exactly what is on the page.',
  'Well done, {name}! You worked out the tricky words. Try reading it once more to make it smooth.',
  'Super effort, {name}. Keep your finger under each word so none of them sneak away.',
  'Nice clear voice, {name}! Look carefully at the ends of words: “s” and “ed” change the meaning.',
] as const;
const REREAD_COMMENT = 'So much smoother than last time, {name}: faster and more accurate. Brilliant work!';
const INSERTED = ['and', 'the', 'very', 'really', 'then'] as const;
/** Words children swap for each other. */
const SWAPS: Record<string, string> = {
  the: 'a',
  a: 'the',
  was: 'saw',
  on: 'in',
  in: 'on',
  then: 'than',
  there: 'their',
  where: 'were',
  were: 'where',
  they: 'then',
  said: 'says',
  went: 'want',
  from: 'form',
  of: 'off',
  when: 'then',
  what: 'that',
  this: 'these',
  her: 'here',
  house: 'home',
  into: 'onto',
};

interface PlannedMistake {
  word_index: number;
  type: 1 | 2 | 3 | 4;
  text?: string;
  /** What is spoken in place of the word (an insertion: before it). */
  spoken: string;
}

export interface RecordingPlan {
  key: string;
  username: string;
  firstName: string;
  book: BookInfo;
  /** The sitting it is recorded in. */
  when: When;
  /** A sitting added for it (a re-read, or a book read in the last days) rather than one the history has. */
  addsSitting: boolean;
  /** The quiz score of a sitting added for it. */
  percent?: number;
  /** Reviewed by demo.teacher then (absent: waiting for review); viewed by the student then (absent: unseen). */
  review?: { when: When; comment: string; viewed?: When };
  voice: { variant: string; pitch: number; speed: number; gap: number };
  leadMs: number;
  tailMs: number;
  numReRecording: number;
  /** Pages read aloud, from the first, and the mistakes made: known once the passage's pages are (0 and none before). */
  pagesRead: number;
  mistakes: PlannedMistake[];
}

/** The placed students of demo.teacher's classes, with their first names and whether they read aloud. */
export async function studentsOfDemoTeacher(tx: Executor) {
  const [teacher] = await tx.select({ id: users.id }).from(users).where(eq(users.username, DEMO_TEACHER));
  if (!teacher) return [];
  const classIds = tx
    .select({ id: classTeachers.classId })
    .from(classTeachers)
    .where(eq(classTeachers.teacherId, teacher.id));
  return tx
    .select({
      username: users.username,
      firstName: users.firstName,
      readAloudEnabled: students.readAloudEnabled,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(inArray(students.homeClassId, classIds), isNotNull(students.colourBandId)))
    .orderBy(users.username);
}

/**
 * Which sittings are recorded, and how: `sittings` are the history's own; students (usernames with first names)
 * are those who may record. demo.student records LEO_RECORDS; six others record one earlier book each, reviewed;
 * the first of them with an early enough recording re-reads that book three weeks later; five more read a new book
 * in the last three days and record it, waiting.
 */
export function planDemoRecordings(input: {
  sittings: Sitting[];
  students: { username: string; firstName: string; colourBandId: number }[];
  leo?: { username: string; firstName: string };
  library: Iterable<BookInfo>;
  powerBuilderTypeId: number;
}): RecordingPlan[] {
  const plans: RecordingPlan[] = [];
  const seed = (text: string) => stableNumber(`recording:${text}`);
  const voiceOf = (username: string, faster = 0) => {
    // espeak-ng's words a minute, about what the trimmed recording measures: children read about 60–140.
    const base = 72 + (seed(`speed:${username}`) % 52);
    const speed = Math.min(138, base + faster + (seed(`speed:${username}:${faster}`) % 9) - 4);
    return {
      variant: VOICES[seed(`voice:${username}`) % VOICES.length]!,
      pitch: 60 + (seed(`pitch:${username}`) % 25),
      speed,
      // Slower readers leave longer gaps between words (espeak-ng's unit: 10 ms).
      gap: Math.max(1, Math.min(9, Math.round((150 - speed) / 9))),
    };
  };
  const add = (plan: Omit<RecordingPlan, 'leadMs' | 'tailMs' | 'numReRecording' | 'key'>) => {
    const key = `${plan.username}:${plan.book.slug}:${plan.when.day}`;
    plans.push({
      ...plan,
      key,
      leadMs: 600 + (seed(`lead:${key}`) % 901),
      tailMs: 600 + (seed(`tail:${key}`) % 901),
      numReRecording: seed(`again:${key}`) % 4 === 0 ? 1 + (seed(`again-n:${key}`) % 2) : 0,
    });
  };
  const comment = (key: string, firstName: string) =>
    COMMENTS[seed(`comment:${key}`) % COMMENTS.length]!.replace('{name}', firstName);
  const later = (when: When, days: number, time: string): When => ({
    day: Math.max(when.day - days, 1),
    time,
  });

  const leoSitting =
    input.leo &&
    input.sittings.find((s) => s.username === input.leo!.username && s.book.slug === LEO_RECORDS);
  if (input.leo && leoSitting?.finished) {
    const key = `${input.leo.username}:${LEO_RECORDS}`;
    add({
      username: input.leo.username,
      firstName: input.leo.firstName,
      book: leoSitting.book,
      when: leoSitting.when,
      addsSitting: false,
      // Graded, and he has not opened it yet.
      review: { when: later(leoSitting.when, 1, '16:05'), comment: comment(key, input.leo.firstName) },
      voice: voiceOf(input.leo.username),
      pagesRead: 0,
      mistakes: [],
    });
  }

  const recorders = [...input.students]
    .filter((student) => student.username !== input.leo?.username)
    .sort(
      (a, b) =>
        seed(`order:${a.username}`) - seed(`order:${b.username}`) || a.username.localeCompare(b.username),
    );
  const reviewed = recorders.slice(0, REVIEWED_STUDENTS);
  for (const student of reviewed) {
    // A finished book from before the last week, so its review is done by now.
    const finished = input.sittings
      .filter((s) => s.username === student.username && s.finished && s.when.day >= 6)
      .sort((a, b) => b.when.day - a.when.day);
    if (finished.length === 0) continue;
    const sitting = finished[seed(`book:${student.username}`) % finished.length]!;
    const key = `${student.username}:${sitting.book.slug}:${sitting.when.day}`;
    const review = later(
      sitting.when,
      1 + (seed(`review:${key}`) % 2),
      `15:${String(20 + (seed(`review-minute:${key}`) % 40))}`,
    );
    add({
      username: student.username,
      firstName: student.firstName,
      book: sitting.book,
      when: sitting.when,
      addsSitting: false,
      review: {
        when: review,
        comment: comment(key, student.firstName),
        ...(seed(`viewed:${key}`) % 4 !== 0 ? { viewed: later(review, 1, '12:40') } : {}),
      },
      voice: voiceOf(student.username),
      pagesRead: 0,
      mistakes: [],
    });
  }

  // A re-read three weeks after the first recording: faster, with fewer mistakes; both on the teacher's chart.
  const first = plans
    .filter((plan) => plan.username !== input.leo?.username && plan.when.day >= 20)
    .sort((a, b) => b.when.day - a.when.day)[0];
  if (first) {
    const when = { day: first.when.day - 15, time: '10:40' };
    const review = later(when, 1, '15:45');
    add({
      ...first,
      when,
      addsSitting: true,
      percent: 100,
      review: {
        when: review,
        comment: REREAD_COMMENT.replace('{name}', first.firstName),
        viewed: later(review, 1, '09:15'),
      },
      voice: voiceOf(first.username, 20),
    });
  }

  // The latest few, waiting for the teacher: a new book of their band in the last three school days.
  const library = [...input.library];
  const shelfOf = (band: number) =>
    library
      .filter((book) => book.builderTypeId === input.powerBuilderTypeId && book.colourBandId === band)
      .sort((a, b) => a.slug.localeCompare(b.slug));
  const waiting = recorders.slice(REVIEWED_STUDENTS, REVIEWED_STUDENTS + WAITING_STUDENTS);
  for (const [index, student] of (waiting.length >= 2
    ? waiting
    : recorders.slice(-WAITING_STUDENTS)
  ).entries()) {
    const read = new Set(
      input.sittings.filter((s) => s.username === student.username).map((s) => s.book.slug),
    );
    // A climber who passed every book of their band has moved up one (demo-history.ts): a book of that band.
    const shelf =
      [student.colourBandId, student.colourBandId + 1]
        .map((band) => shelfOf(band).filter((book) => !read.has(book.slug)))
        .find((books) => books.length > 0) ?? [];
    if (shelf.length === 0) continue;
    const book = shelf[seed(`new-book:${student.username}`) % shelf.length]!;
    add({
      username: student.username,
      firstName: student.firstName,
      book,
      when: {
        day: 1 + (index % 3),
        time: `${String(9 + (index % 4)).padStart(2, '0')}:${10 + (seed(`new-minute:${student.username}`) % 45)}`,
      },
      addsSitting: true,
      percent: 75 + (seed(`new-score:${student.username}`) % 26),
      voice: voiceOf(student.username),
      pagesRead: 0,
      mistakes: [],
    });
  }
  return plans;
}

/**
 * The pages read aloud and the mistakes made in them, once the passage's words are known. Mistake types go round
 * in turn over the reviewed recordings, so every type is marked somewhere; a re-read makes one.
 */
function shapeReading(plan: RecordingPlan, pages: string[], turn: { next: number }): RecordingPlan {
  const words = passageWords(pages.map((text) => ({ text })));
  let pagesRead = 1;
  while (
    pagesRead < pages.length &&
    words.filter((word) => word.page <= pagesRead).length <= WORDS_READ_ALOUD
  ) {
    pagesRead += 1;
  }
  const spoken = words.filter((word) => word.page < pagesRead);
  const seed = (text: string) => stableNumber(`recording:${plan.key}:${text}`);
  const count = plan.addsSitting && plan.review ? 1 : 2 + (seed('count') % 3);
  const mistakes: PlannedMistake[] = [];
  // Spread over the words read, one per stretch, never on the first or last two words.
  const from = 2;
  const to = spoken.length - 3;
  const stretch = Math.floor((to - from) / count);
  for (let index = 0; index < count && stretch >= 2; index++) {
    const type = ((turn.next++ % 4) + 1) as 1 | 2 | 3 | 4;
    const candidates = spoken
      .slice(from + index * stretch, from + (index + 1) * stretch - 1)
      .filter((word) => mistakeOn(word, type) !== null);
    if (candidates.length === 0) continue;
    const word = candidates[seed(`word${index}`) % candidates.length]!;
    mistakes.push(mistakeOn(word, type, seed(`text${index}`))!);
  }
  return { ...plan, pagesRead, mistakes };
}

/** The mistake of `type` a child might make on `word`, or null when it would not be believable there. */
function mistakeOn(word: PassageWord, type: 1 | 2 | 3 | 4, choice = 0): PlannedMistake | null {
  const lower = word.text.toLowerCase();
  const isWord = /^[a-z]+$/i.test(word.text);
  switch (type) {
    case MistakeType.Omission:
      return isWord ? { word_index: word.index, type, spoken: '' } : null;
    case MistakeType.Insertion: {
      const text = INSERTED[choice % INSERTED.length]!;
      return isWord ? { word_index: word.index, type, text, spoken: `${text} ${word.text}` } : null;
    }
    case MistakeType.Mispronunciation: {
      // A vowel read wrongly: "amazing" as "amezing".
      const vowel = /[aeiou]/i.exec(word.text.slice(1));
      if (!isWord || word.text.length < 5 || !vowel) return null;
      const at = vowel.index + 1;
      const swapped = { a: 'e', e: 'a', i: 'e', o: 'a', u: 'o' }[word.text[at]!.toLowerCase() as 'a'];
      return {
        word_index: word.index,
        type,
        spoken: word.text.slice(0, at) + swapped + word.text.slice(at + 1),
      };
    }
    case MistakeType.Substitution: {
      const swap =
        SWAPS[lower] ??
        (lower.length >= 4 && isWord ? (lower.endsWith('s') ? lower.slice(0, -1) : `${lower}s`) : null);
      return swap ? { word_index: word.index, type, text: swap, spoken: swap } : null;
    }
  }
  return null;
}

/** The text as read: the pages read aloud, with each mistake in it. */
function spokenText(pages: string[], plan: RecordingPlan): string {
  const words = passageWords(pages.map((text) => ({ text })));
  return pages
    .slice(0, plan.pagesRead)
    .map((text, page) => {
      const edits = plan.mistakes
        .map((mistake) => ({ mistake, word: words[mistake.word_index]! }))
        .filter(({ word }) => word.page === page)
        .sort((a, b) => b.word.start - a.word.start);
      for (const { mistake, word } of edits) {
        text = text.slice(0, word.start) + mistake.spoken + text.slice(word.end);
      }
      return text;
    })
    .join('\n\n');
}

/** A recording's audio: its bytes (checked by content on upload, like a browser's) and length. */
interface Audio {
  data: Buffer;
  durationMs: number;
}

/** A passage's speech as WAV is a few megabytes; this bound is far above it. */
const AUDIO_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Speaks the text with espeak-ng, puts quiet before and after and room noise under it, and encodes it (Ogg/Opus
 * with ffmpeg, else WAV).
 */
async function synthesise(
  text: string,
  plan: RecordingPlan,
  tools: { espeak: string; ffmpeg: string | null },
): Promise<Audio> {
  const { variant, pitch, speed, gap } = plan.voice;
  const { stdout: speech } = await runProgram(
    tools.espeak,
    [
      '-v',
      `en-us+${variant}`,
      '-p',
      String(pitch),
      '-s',
      String(speed),
      '-g',
      String(gap),
      '--stdout',
      '--',
      text,
    ],
    { maxOutputBytes: AUDIO_MAX_BYTES },
  );
  const { pcm: samples, sampleRate } = decodeWav(speech);
  const lead = Math.round((plan.leadMs / 1000) * sampleRate);
  const tail = Math.round((plan.tailMs / 1000) * sampleRate);
  const pcm = new Float32Array(lead + samples.length + tail);
  let state = stableNumber(`noise:${plan.key}`) || 1;
  for (let index = 0; index < pcm.length; index++) {
    // xorshift32: the same noise on every seed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const noise = ((state >>> 0) / 0xffffffff - 0.5) * 2 * NOISE_AMPLITUDE;
    const voice = index >= lead && index < lead + samples.length ? samples[index - lead]! * 0.8 : 0;
    pcm[index] = voice + noise;
  }
  const wav = encodeWav(pcm, sampleRate);
  const durationMs = Math.round((pcm.length / sampleRate) * 1000);
  if (!tools.ffmpeg) return { data: wav, durationMs };
  const { stdout: ogg } = await runProgram(
    tools.ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-f', 'wav', '-i', 'pipe:0']
      // Speech at 16 kHz, as a browser's voice recording is: cheap to encode, about 2.5 KB a second.
      .concat(['-ac', '1', '-ar', '16000', '-c:a', 'libopus', '-b:a', '20k', '-compression_level', '0'])
      .concat(['-frame_duration', '60'])
      .concat(['-f', 'ogg', 'pipe:1']),
    { input: wav, maxOutputBytes: AUDIO_MAX_BYTES },
  );
  return { data: ogg, durationMs };
}

async function onPath(tool: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, tool);
    const found = await access(candidate, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (found) return candidate;
  }
  return null;
}

/** Runs `work` at most `limit` at a time, in the order asked. */
function limiter(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      queue.shift()?.();
    }
  };
}

/** A UUID (version 4 layout) from a text: the browser's id of the take, the same on every seed. */
function stableUuid(text: string): string {
  const hex = [0, 1, 2, 3].map((n) => stableNumber(`${n}:${text}`).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16]!, 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type DemoRecorder = Awaited<ReturnType<typeof createDemoRecorder>>;

/**
 * Makes the planned recordings: synthesis starts at once (two at a time, oldest first); `record` uploads one as
 * its student when the history reaches it, `review` and `view` are the teacher's and the student's calls. Null
 * (after one log line) when speech is off or unavailable.
 */
export async function createDemoRecorder(options: {
  tx: Executor;
  deps: Deps;
  progression: ProgressionService;
  platform: RecordingPlatform;
  plans: RecordingPlan[];
  /** Moves the seed's clock on. */
  advanceSeconds: (seconds: number) => void;
  log: (line: string) => void;
}) {
  const { tx, deps, progression, platform, log, advanceSeconds } = options;
  const espeak = await onPath('espeak-ng');
  const reason = platform.speech.unavailableReason ?? (espeak ? null : 'espeak-ng is not installed');
  if (reason !== null || !espeak) {
    log(`demo recordings: none made, speech is unavailable (${reason})`);
    return null;
  }
  const tools = { espeak, ffmpeg: await onPath('ffmpeg') };
  const service = createRecordingsService({ ...deps, storage: platform.storage }, progression);

  // The passages' pages, to know their words and what is spoken.
  const bookIds = [...new Set(options.plans.map((plan) => plan.book.id))];
  const pageRows = bookIds.length
    ? await tx
        .select({ passageId: passagePages.passageId, pageNum: passagePages.pageNum, text: passagePages.text })
        .from(passagePages)
        .where(inArray(passagePages.passageId, bookIds))
        .orderBy(passagePages.passageId, passagePages.pageNum)
    : [];
  const pagesOf = (id: number) => pageRows.filter((row) => row.passageId === id).map((row) => row.text);
  const turn = { next: 0 };
  const plans = options.plans.map((plan) => shapeReading(plan, pagesOf(plan.book.id), turn));

  const slot = limiter(SYNTHESIS_AT_ONCE);
  const audio = new Map<string, Promise<{ ok: Audio } | { failed: unknown }>>();
  const oldestFirst = plans.toSorted(
    (a, b) => b.when.day - a.when.day || a.when.time.localeCompare(b.when.time),
  );
  for (const plan of oldestFirst) {
    // Settled into a value at once, so a failure waits for its turn rather than going unhandled.
    audio.set(
      plan.key,
      slot(() => synthesise(spokenText(pagesOf(plan.book.id), plan), plan, tools)).then(
        (ok) => ({ ok }),
        (failed: unknown) => ({ failed }),
      ),
    );
  }

  const made = new Map<string, number>();
  const fileKeys: string[] = [];
  let stopped = false;
  const planOf = new Map(plans.map((plan) => [plan.key, plan]));

  return {
    plans,
    storage: platform.storage,
    /** The file keys stored so far: removed again if the seed fails. */
    fileKeys,
    /** Uploads the recording of the plan as its student, after reading: the clock is where the sitting left it. */
    async record(key: string, actor: Actor, worksheetId: number) {
      const plan = planOf.get(key);
      if (!plan || stopped) return;
      const result = await audio.get(key)!;
      if ('failed' in result) {
        stopped = true;
        const message = result.failed instanceof Error ? result.failed.message : String(result.failed);
        log(`demo recordings: stopped, speech failed (${message})`);
        return;
      }
      const file = result.ok;
      // Time to record (the take's length, and any takes before it), then to send it.
      const seconds = Math.round((file.durationMs / 1000) * (1 + plan.numReRecording)) + 20;
      advanceSeconds(seconds);
      const { id } = await service.uploadAudio(
        actor,
        worksheetId,
        Readable.from(file.data),
        // No duration_ms: the upload is then heard whole before its answer (RA1), so the review below has its
        // suggested trim, and its length is the file's own.
        {
          num_re_recording: String(plan.numReRecording),
          client_recording_id: stableUuid(key),
        },
        { warn: (_details, message) => log(`demo recording of ${key}: ${message}`) },
      );
      made.set(key, id);
      const [row] = await tx
        .select({ fileKey: recordings.fileKey })
        .from(recordings)
        .where(eq(recordings.id, id));
      if (row?.fileKey) fileKeys.push(row.fileKey);
    },
    /** demo.teacher's review: the trim confirmed around the suggestion, the mistakes marked, a comment. */
    async review(key: string, teacher: Actor) {
      const plan = planOf.get(key);
      const id = made.get(key);
      if (!plan?.review || id === undefined) return;
      const [row] = await tx.select().from(recordings).where(eq(recordings.id, id));
      const seed = (text: string) => stableNumber(`recording:${key}:${text}`);
      const seconds = (ms: number) => Math.round(ms / 100) / 10;
      const durationMs = row!.durationMs;
      // The teacher nudges the suggested trim by a tenth of a second or leaves it.
      const startMs = Math.max(
        0,
        (row!.suggestedStartMs ?? plan.leadMs - 100) + ((seed('start') % 3) - 1) * 100,
      );
      const endMs = Math.min(
        durationMs,
        (row!.suggestedEndMs ?? durationMs - plan.tailMs + 100) + ((seed('end') % 3) - 1) * 100,
      );
      await service.trim(teacher, id, {
        start_time: seconds(startMs),
        end_time: seconds(endMs),
        submit: true,
      });
      const words = passageWords(pagesOf(plan.book.id).map((text) => ({ text })));
      const read = words.filter((word) => word.page < plan.pagesRead).length;
      await service.saveMistakes(teacher, id, {
        mistakes: plan.mistakes.map(({ word_index, type, text }) => ({
          word_index,
          type,
          ...(text ? { text } : {}),
        })),
        last_word_index: read < words.length ? read - 1 : null,
      });
      await service.comment(teacher, id, plan.review.comment);
    },
    /** The student opens their graded recording. */
    async view(key: string, student: Actor) {
      const id = made.get(key);
      if (id !== undefined) await service.markViewed(student, id);
    },
  };
}

/**
 * Ten weeks of reading in the demo district, made through the real services (reading, quiz, assignments, alerts,
 * recordings) with a seed-only clock set to each moment in turn: books started, pages reported with the time spent,
 * quizzes answered from their keys (mostly right), so the alerts, coins, level changes and learning-outcome scores
 * are the ones the rules give. demo.student (Leo Fontaine) follows the journey below; the other placed students of
 * the schools with `hasReadingHistory` read a few books each. Students awaiting placement are left alone. Nothing
 * here is random: who reads what, when and how well comes from the data and `stableNumber`.
 *
 * Read-aloud recordings (demo-recordings.ts), when speech can be made: students of demo.teacher's classes who read
 * aloud record some of their books (real espeak-ng speech uploaded through the recordings service), demo.teacher
 * reviews the older ones (trim, marks, comment) and most are seen by their student, one book is re-read and
 * recorded again weeks later, demo.student switches read-aloud on near the end and has a graded recording he has
 * not opened, and the latest few wait for review. Power builders of other students who read aloud stay unfinished
 * after the quiz (no recording); their quizzes still count.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { BuilderType, DEFAULT_READING_SETTINGS, PROGRESSION } from '@readalong/contracts';
import type { Executor } from '../db/database.js';
import { passagePages, passages, students, users } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import { createAlertsService } from '../modules/alerts/alerts.service.js';
import { createAssignmentsService } from '../modules/assignments/assignments.service.js';
import { createProgressionService } from '../modules/progression/progression.service.js';
import { createQuizService } from '../modules/quiz/quiz.service.js';
import { questionsOf, type QuestionRow } from '../modules/quiz/quiz.repository.js';
import { createReadingService } from '../modules/reading/reading.service.js';
import { loadConfig } from '../config.js';
import type { Clock } from '../platform/clock.js';
import { speechOff } from '../platform/speech.js';
import { demoAnswers } from './demo-answers.js';
import {
  createDemoRecorder,
  DEMO_TEACHER,
  planDemoRecordings,
  studentsOfDemoTeacher,
  type DemoRecorder,
  type RecordingPlatform,
  type Sitting,
  type When,
} from './demo-recordings.js';
import { stableNumber } from './stable-number.js';

export const DEMO_STUDENT = 'demo.student';
/** How far back the history reaches, in school days (Monday to Friday): ten weeks. */
export const HISTORY_SCHOOL_DAYS = 50;

/** A clock for the seed alone: the services read it, the seed sets it to each moment of the history. */
export class SeedClock implements Clock {
  private current: Date;
  constructor(start: Date) {
    this.current = new Date(start);
  }
  now = () => new Date(this.current);
  set(moment: Date) {
    this.current = new Date(moment);
  }
  advanceSeconds(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

type JourneyStep = When &
  (
    | {
        /** Reads the passage (power, skill or rate builder) and, unless `pagesRead` stops early, takes its quiz. */
        read: string;
        percent?: number;
        passes?: boolean;
        pagesRead?: number;
        favourite?: boolean;
      }
    | { assign: string; teacher: string; to: string[]; note: string }
    | { seesNews: true }
  );

/**
 * Leo, series A: starts at band 8, fails a book and passes it on a second try, passes the band's five books and
 * moves up to band 9 with a medal, then reads some of band 9 (one fail), leaving band-9 books unread; skill and
 * rate builders between, a book from his teacher, a stretch book on the go. Slugs are content/library's.
 */
export const LEO_JOURNEY = {
  startsAt: { seriesId: 1, colourBandId: 8 },
  openingCoins: 40,
  steps: [
    { day: 49, time: '13:05', read: 'b07-market-day-with-abuela', percent: 90, passes: true },
    { day: 47, time: '13:10', read: 'b08-meis-moon-lantern', percent: 92, passes: true },
    { day: 45, time: '09:40', read: 's-packing-for-the-camp', percent: 85 },
    { day: 44, time: '13:20', read: 'b08-the-bear-on-bus-twelve', percent: 62, passes: false },
    { day: 42, time: '13:00', read: 'b07-zara-learns-to-float', percent: 100, passes: true, favourite: true },
    { day: 40, time: '13:15', read: 'b08-from-tadpole-to-frog', percent: 88, passes: true },
    { day: 37, time: '10:30', read: 'r08-the-missing-library-book', percent: 100 },
    { day: 35, time: '13:05', read: 'b08-the-bear-on-bus-twelve', percent: 85, passes: true },
    { day: 33, time: '13:25', read: 'b08-animals-that-sleep-all-winter', percent: 95, passes: true },
    { day: 30, time: '09:50', read: 's-the-runaway-llama', percent: 80 },
    { day: 28, time: '13:10', read: 'b08-the-great-sandcastle', percent: 100, passes: true, favourite: true },
    { day: 25, time: '13:00', read: 'b07-rainbows-in-the-sky', percent: 92, passes: true },
    { day: 22, time: '13:15', read: 'b09-pepper-and-the-lighthouse-storm', percent: 90, passes: true },
    { day: 19, time: '10:20', read: 'r09-why-leaves-change-colour', percent: 90 },
    {
      day: 16,
      time: '08:30',
      assign: 's-where-is-sunny',
      teacher: 'demo.teacher',
      to: ['demo.student', 'isla.mensah', 'lucas.moreau'],
      note: 'Look for the clues about where Sunny went.',
    },
    { day: 15, time: '13:05', read: 's-where-is-sunny', percent: 83 },
    { day: 12, time: '13:20', read: 'b09-the-great-sock-mystery', percent: 68, passes: false },
    { day: 8, time: '13:10', read: 'b09-penguins-built-for-the-cold', percent: 86, passes: true },
    { day: 6, time: '15:30', seesNews: true },
    {
      day: 3,
      time: '08:30',
      assign: 'b09-nadia-and-the-noisy-parrot',
      teacher: 'demo.teacher',
      to: ['demo.student'],
      note: 'A new book at your level, Leo: enjoy it!',
    },
    { day: 2, time: '13:15', read: 'b10-the-kite-festival', pagesRead: 3 },
    { day: 1, time: '13:05', read: 's-after-the-storm', percent: 100 },
  ] satisfies JourneyStep[],
};

/** School days before today on which the staff of a school with history last read their alerts. */
const STAFF_READ_ALERTS_DAY = 4;

interface Reader {
  userId: number;
  username: string;
  schoolId: number;
  districtId: number;
  seriesId: number;
  colourBandId: number;
}

interface PassageInfo {
  id: number;
  slug: string;
  builderTypeId: number;
  colourBandId: number;
  numPages: number;
}

type Event = { at: Date; order: number; run: () => Promise<void> };

export interface HistoryOptions {
  /**
   * Where recordings' audio goes and whether speech can be made; asked for only when recordings are planned.
   * Absent: no recordings.
   */
  platform?: () => Promise<RecordingPlatform>;
  /** One line each: why no recordings were made. */
  log?: (line: string) => void;
}

/** Adds the history to the schools of `schoolIds`. Skipped when the library is not content/library's. */
export async function addDemoHistory(
  tx: Executor,
  today: Date,
  schoolIds: number[],
  options: HistoryOptions = {},
): Promise<void> {
  if (schoolIds.length === 0) return;
  const library = await libraryOf(tx);
  // A database whose library is not content/library's (not imported yet, or a test's own) gets no history.
  const needed = (LEO_JOURNEY.steps as JourneyStep[]).flatMap((step) =>
    'read' in step ? [step.read] : 'assign' in step ? [step.assign] : [],
  );
  if (!needed.every((slug) => library.has(slug))) return;

  const clock = new SeedClock(today);
  const deps = seedDeps(tx, clock);
  const progression = createProgressionService(deps);
  const reading = createReadingService(deps, progression);
  const quiz = createQuizService(deps, progression, reading);
  const assignments = createAssignmentsService(deps);
  const alerts = createAlertsService(deps);

  const people = await peopleOf(tx, schoolIds);
  const readers = people.readers;
  const actorOf = (username: string): Actor => {
    const person = people.byUsername.get(username);
    if (!person) throw new Error(`demo history: no user "${username}"`);
    return { ...person, sessionId: 'demo-seed' };
  };
  const questionCache = new Map<number, Promise<QuestionRow[]>>();
  const questionsOfPassage = (id: number) => {
    if (!questionCache.has(id)) questionCache.set(id, questionsOf(tx, id));
    return questionCache.get(id)!;
  };
  const passage = (slug: string) => {
    const found = library.get(slug);
    if (!found) throw new Error(`demo history: no passage "${slug}" in the library`);
    return found;
  };

  /** One sitting: start (or resume), pages with the time spent on each, then the quiz when the book is read. */
  async function readBook(
    username: string,
    book: PassageInfo,
    how: { percent?: number; passes?: boolean; pagesRead?: number; everyPage: boolean },
  ): Promise<number> {
    const actor = actorOf(username);
    const isRateBuilder = book.builderTypeId === BuilderType.RateBuilder;
    const { worksheet_id: worksheetId } = isRateBuilder
      ? await reading.startRateBuilder(actor, book.id)
      : await reading.startWorksheet(actor, book.id);
    const lastPage = Math.min(how.pagesRead ?? book.numPages, book.numPages);
    const reports = how.everyPage
      ? Array.from({ length: lastPage }, (_, index) => index + 1)
      : [...new Set([Math.ceil(lastPage / 2), lastPage])];
    let previous = 0;
    for (const page of reports) {
      const seconds = (page - previous) * (45 + (stableNumber(`page:${username}:${book.slug}:${page}`) % 75));
      clock.advanceSeconds(seconds);
      await reading.saveReadingProgress(actor, book.id, {
        page_num: page,
        time_spent_reading: seconds,
        num_practice_recordings: 0,
        reading_settings: DEFAULT_READING_SETTINGS,
      });
      previous = page;
    }
    if (how.pagesRead !== undefined && how.pagesRead < book.numPages) return worksheetId;
    const questions = await questionsOfPassage(book.id);
    if (questions.length === 0) return worksheetId;
    const gradings = demoAnswers(questions, {
      targetPercent: how.percent ?? 85,
      passes: how.passes,
      seed: `${username}:${book.slug}:${worksheetId}`,
    });
    clock.advanceSeconds(gradings.reduce((sum, row) => sum + row.time_taken, 0));
    await quiz.submitDiagnostics(actor, worksheetId, {
      completed: true,
      total_score: gradings.reduce((sum, row) => sum + row.marks, 0),
      gradings,
    });
    return worksheetId;
  }

  const events: Event[] = [];
  const at = (when: When) => momentOf(today, when);
  const schedule = (moment: Date, run: () => Promise<void>) =>
    events.push({ at: moment, order: events.length, run });

  // Every sitting of the history, then the recordings made in some of them (and in a few sittings added for them).
  const leo = readers.find((reader) => reader.username === DEMO_STUDENT);
  const classmatePlans = new Map(
    readers
      .filter((reader) => reader.username !== DEMO_STUDENT)
      .map((reader) => [reader.username, classmatePlan(reader, library)]),
  );
  const sittings: Sitting[] = [
    ...(leo ? (LEO_JOURNEY.steps as JourneyStep[]) : []).flatMap((step) =>
      'read' in step
        ? [{ username: DEMO_STUDENT, book: passage(step.read), when: step, finished: !step.pagesRead }]
        : [],
    ),
    ...[...classmatePlans].flatMap(([username, plans]) =>
      plans.map((plan) => ({ username, book: plan.book, when: plan.when, finished: !plan.pagesRead })),
    ),
  ].filter((sitting) => sitting.book.builderTypeId === BuilderType.PowerBuilder);
  const recorder = options.platform
    ? await recorderFor(tx, { deps, progression, sittings, readers, library, clock, ...options })
    : null;
  const recordingsOf = new Map<string, string>();
  for (const plan of recorder?.plans ?? []) {
    if (!plan.addsSitting) recordingsOf.set(`${plan.username}:${plan.book.slug}:${plan.when.day}`, plan.key);
  }
  /** Reads, then records when the plan says this sitting is recorded. */
  const sitting = (username: string, book: PassageInfo, when: When, how: Parameters<typeof readBook>[2]) =>
    async function () {
      const worksheetId = await readBook(username, book, how);
      const key = recordingsOf.get(`${username}:${book.slug}:${when.day}`);
      if (recorder && key) await recorder.record(key, actorOf(username), worksheetId);
    };

  if (leo) {
    for (const step of LEO_JOURNEY.steps as JourneyStep[]) {
      if ('read' in step) {
        const book = passage(step.read);
        const read = sitting(DEMO_STUDENT, book, step, { ...step, everyPage: true });
        schedule(at(step), async () => {
          await read();
          if (step.favourite) await reading.favouritePassage(actorOf(DEMO_STUDENT), book.id, true);
        });
      } else if ('assign' in step) {
        const book = passage(step.assign);
        schedule(at(step), async () => {
          const teacher = actorOf(step.teacher);
          const studentIds = step.to
            .filter((username) => people.byUsername.has(username))
            .map((username) => actorOf(username).userId);
          const homeClass = people.homeClassOf.get(DEMO_STUDENT)!;
          await assignments.create(teacher, {
            passage_id: book.id,
            class_id: homeClass,
            student_ids: studentIds,
            read_aloud: false,
            note: step.note,
          });
        });
        // The classmates it names read it within the week.
        for (const username of step.to.filter((name) => name !== DEMO_STUDENT)) {
          if (!readers.some((reader) => reader.username === username)) continue;
          const later = {
            day: Math.max(step.day - 1 - (stableNumber(`late:${username}`) % 3), 1),
            time: '11:10',
          };
          schedule(at(later), () =>
            readBook(username, book, {
              percent: 70 + (stableNumber(`assigned:${username}`) % 31),
              everyPage: false,
            }).then(() => undefined),
          );
        }
      } else {
        schedule(at(step), async () => {
          await alerts.markViewed(actorOf(DEMO_STUDENT), undefined);
          await assignments.markSeen(actorOf(DEMO_STUDENT));
        });
      }
    }
  }

  for (const reader of readers) {
    if (reader.username === DEMO_STUDENT) continue;
    for (const plan of classmatePlans.get(reader.username)!) {
      schedule(at(plan.when), sitting(reader.username, plan.book, plan.when, { ...plan, everyPage: false }));
    }
    if (stableNumber(`news:${reader.username}`) % 2 === 0) {
      schedule(at({ day: 5, time: '15:00' }), async () => {
        await alerts.markViewed(actorOf(reader.username), undefined);
      });
    }
  }
  for (const username of people.teachers) {
    schedule(at({ day: STAFF_READ_ALERTS_DAY, time: '16:00' }), async () => {
      await alerts.markViewed(actorOf(username), undefined);
    });
  }

  for (const plan of recorder?.plans ?? []) {
    if (plan.username === DEMO_STUDENT) {
      // Leo read without recording until his teacher switched read-aloud on for him, the day before.
      schedule(at({ day: plan.when.day + 1, time: '08:15' }), async () => {
        await tx
          .update(students)
          .set({ readAloudEnabled: true })
          .where(eq(students.userId, actorOf(DEMO_STUDENT).userId));
      });
    }
    if (plan.addsSitting) {
      schedule(at(plan.when), async () => {
        const worksheetId = await readBook(plan.username, plan.book, {
          ...(plan.percent !== undefined ? { percent: plan.percent } : {}),
          everyPage: false,
        });
        await recorder!.record(plan.key, actorOf(plan.username), worksheetId);
      });
    }
    const { review } = plan;
    if (review) {
      schedule(at(review.when), () => recorder!.review(plan.key, actorOf(DEMO_TEACHER)));
      if (review.viewed) schedule(at(review.viewed), () => recorder!.view(plan.key, actorOf(plan.username)));
    }
  }

  events.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  try {
    for (const event of events) {
      clock.set(event.at);
      await event.run();
    }
  } catch (error) {
    // The seed's rows go with its transaction; the audio files stored so far go too.
    if (recorder) await Promise.all(recorder.fileKeys.map((key) => recorder.storage.remove(key)));
    throw error;
  }
}

/** The recordings of the history and their maker, or null when there are none to make (or no speech to make them). */
async function recorderFor(
  tx: Executor,
  input: {
    deps: Deps;
    progression: ReturnType<typeof createProgressionService>;
    sittings: Sitting[];
    readers: Reader[];
    library: Map<string, PassageInfo>;
    clock: SeedClock;
    platform?: () => Promise<RecordingPlatform>;
    log?: (line: string) => void;
  },
): Promise<DemoRecorder | null> {
  const taught = await studentsOfDemoTeacher(tx);
  const bandOf = new Map(input.readers.map((reader) => [reader.username, reader.colourBandId]));
  const leo = taught.find((student) => student.username === DEMO_STUDENT);
  const plans = planDemoRecordings({
    sittings: input.sittings,
    students: taught
      .filter((student) => student.readAloudEnabled && bandOf.has(student.username))
      .map((student) => ({ ...student, colourBandId: bandOf.get(student.username)! })),
    ...(leo ? { leo } : {}),
    library: input.library.values(),
    powerBuilderTypeId: BuilderType.PowerBuilder,
  });
  if (plans.length === 0 || !input.platform) return null;
  return createDemoRecorder({
    tx,
    deps: input.deps,
    progression: input.progression,
    platform: await input.platform(),
    plans,
    advanceSeconds: (seconds) => input.clock.advanceSeconds(seconds),
    log: input.log ?? ((line) => console.log(line)),
  });
}

/**
 * A few books for a classmate: their band's power builders (now and then one band down), spread over the weeks. A
 * climber (about one in four) passes the five books of their band, the last within the last three weeks, so
 * they move up a band (L3) as children do in a term: the level-ups of the owner's and head's screens.
 */
function classmatePlan(reader: Reader, library: Map<string, PassageInfo>) {
  const seed = (text: string) => stableNumber(`${text}:${reader.username}`);
  const climbs = isClimber(reader.username);
  const bookCount = climbs ? PROGRESSION.booksToLevelUp : 2 + (seed('books') % 3);
  const chosen = new Set<string>();
  const plans: { when: When; book: PassageInfo; percent: number; passes: boolean; pagesRead?: number }[] = [];
  let failsInARow = 0;
  for (let index = 0; index < bookCount; index++) {
    const band =
      !climbs && reader.colourBandId > 3 && seed(`down${index}`) % 4 === 0
        ? reader.colourBandId - 1
        : reader.colourBandId;
    const shelf = [...library.values()]
      .filter((book) => book.builderTypeId === BuilderType.PowerBuilder && book.colourBandId === band)
      .filter((book) => !chosen.has(book.slug))
      .sort((a, b) => a.slug.localeCompare(b.slug));
    if (shelf.length === 0) continue;
    const book = shelf[seed(`book${index}`) % shelf.length]!;
    chosen.add(book.slug);
    // Three fails in a row would move them down a band: a demo class is doing well enough not to.
    const percent =
      climbs || failsInARow >= 1 ? 82 + (seed(`score${index}`) % 19) : 60 + (seed(`score${index}`) % 41);
    const passes = percent >= 80;
    failsInARow = passes ? 0 : failsInARow + 1;
    const day = Math.max(
      HISTORY_SCHOOL_DAYS -
        4 -
        Math.floor((index * (HISTORY_SCHOOL_DAYS - 6)) / bookCount) -
        (seed('start') % 6),
      1,
    );
    const time = `${String(9 + (seed(`hour${index}`) % 6)).padStart(2, '0')}:${String(seed(`minute${index}`) % 60).padStart(2, '0')}`;
    const isOnTheGo = index === bookCount - 1 && seed('on-the-go') % 3 === 0;
    plans.push({
      when: { day, time },
      book,
      percent,
      passes,
      ...(isOnTheGo ? { pagesRead: Math.max(1, Math.floor(book.numPages / 2)) } : {}),
    });
  }
  return plans;
}

/** About one placed classmate in four moves up a band during the history (classmatePlan). */
export const isClimber = (username: string) => stableNumber(`climber:${username}`) % 4 === 0;

/** `day` school days (Monday–Friday) before `today`, at `time` UTC, plus some minutes. */
export function momentOf(today: Date, when: When, minutesLater = 0): Date {
  const moment = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  for (let left = when.day; left > 0;) {
    moment.setUTCDate(moment.getUTCDate() - 1);
    const weekday = moment.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  const [hours, minutes] = when.time.split(':').map(Number);
  moment.setUTCHours(hours!, minutes! + minutesLater);
  return moment;
}

/** The first moment of the history: where seeded levels and opening balances are dated. */
export const historyStartOf = (today: Date) =>
  momentOf(today, { day: HISTORY_SCHOOL_DAYS + 1, time: '08:00' });

/**
 * What the reading, quiz, assignment and alert services are built from here: the seed's transaction (their own
 * transactions become savepoints inside it, so a failed seed writes nothing), the seed clock and no speech. They
 * use nothing else of Deps.
 */
function seedDeps(tx: Executor, clock: Clock): Deps {
  const config = loadConfig({ NARRATION: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  const partial: Pick<Deps, 'config' | 'db' | 'clock' | 'speech'> = {
    config,
    db: tx,
    clock,
    speech: speechOff('the demo seed narrates nothing'),
  };
  return partial as Deps;
}

async function libraryOf(tx: Executor): Promise<Map<string, PassageInfo>> {
  const rows = await tx
    .select({
      id: passages.id,
      slug: passages.slug,
      builderTypeId: passages.builderTypeId,
      colourBandId: passages.colourBandId,
      numPages: count(passagePages.pageNum),
    })
    .from(passages)
    .leftJoin(passagePages, eq(passagePages.passageId, passages.id))
    .groupBy(passages.id);
  return new Map(rows.map((row) => [row.slug, row]));
}

/** The placed students of the schools, their teachers, and every account's actor fields by username. */
async function peopleOf(tx: Executor, schoolIds: number[]) {
  const accounts = await tx
    .select({
      userId: users.id,
      username: users.username,
      role: users.role,
      schoolId: users.schoolId,
      districtId: users.districtId,
      seriesId: students.seriesId,
      colourBandId: students.colourBandId,
      homeClassId: students.homeClassId,
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(and(inArray(users.schoolId, schoolIds)))
    .orderBy(users.id);
  const byUsername = new Map<string, Omit<Actor, 'sessionId'>>();
  const homeClassOf = new Map<string, number>();
  const readers: Reader[] = [];
  const teachers: string[] = [];
  for (const account of accounts) {
    const { userId, username, role, districtId } = account;
    byUsername.set(username, { userId, role, schoolId: account.schoolId, districtId });
    if (role === 'teacher') teachers.push(username);
    if (account.homeClassId !== null) homeClassOf.set(username, account.homeClassId);
    // Students awaiting placement are left alone: they start with the placement test.
    if (role === 'student' && account.colourBandId !== null && account.seriesId !== null) {
      readers.push({
        userId,
        username,
        schoolId: account.schoolId!,
        districtId,
        seriesId: account.seriesId,
        colourBandId: account.colourBandId,
      });
    }
  }
  return { byUsername, homeClassOf, readers, teachers };
}

/** What students do with passages: worksheets, quiz gradings, favourites, assignments, recordings, activity logs. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.js';
import { passages, questions } from './content.js';
import { classes, districtRef, schoolRef, schools, studentRef, users } from './tenancy.js';

/** A teacher's reading assignment for a class (P4). */
export const assignments = pgTable(
  'assignments',
  {
    id: id(),
    schoolId: schoolRef(),
    classId: integer()
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: integer()
      .notNull()
      .references(() => users.id),
    passageId: integer()
      .notNull()
      .references(() => passages.id),
    title: text().notNull(),
    instructions: text().notNull().default(''),
    requiresRecording: boolean().notNull().default(true),
    dueAt: at(),
    deletedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.schoolId), index().on(t.classId)],
);

/** The students an assignment is for; an assignment without rows here is for the whole class. */
export const assignmentStudents = pgTable(
  'assignment_students',
  {
    assignmentId: integer()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    studentId: studentRef(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.studentId] }), index().on(t.studentId)],
);

/**
 * When a student saw an assignment. Kept per assignment rather than on the worksheet, because an assignment is
 * new before the student has started it (and so before there is a worksheet).
 */
export const assignmentViews = pgTable(
  'assignment_views',
  {
    assignmentId: integer()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    studentId: studentRef(),
    seenAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.studentId] }), index().on(t.studentId)],
);

/** One student's work on one passage: reading progress, quiz and read-aloud state. */
export const worksheets = pgTable(
  'worksheets',
  {
    id: id(),
    studentId: studentRef(),
    schoolId: schoolRef(),
    districtId: districtRef(),
    passageId: integer()
      .notNull()
      .references(() => passages.id),
    classId: integer().references(() => classes.id, { onDelete: 'set null' }),
    assignmentId: integer().references(() => assignments.id, { onDelete: 'set null' }),
    /** Level the student held when the work was done. */
    seriesId: smallint(),
    colourBandId: smallint(),
    pagesCompleted: smallint().notNull().default(0),
    timeSpentReadingMs: integer().notNull().default(0),
    numPracticeRecordings: integer().notNull().default(0),
    quizSubmittedAt: at(),
    totalScore: real(),
    scorePercent: real(),
    isPassed: boolean(),
    worksheetCompleted: boolean().notNull().default(false),
    completedAt: at(),
    readingPracticeCompleted: boolean().notNull().default(false),
    /** False once a placement resets this band: the work no longer counts towards level-up (R16). */
    countsForLevel: boolean().notNull().default(true),
    assignmentSeenAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.studentId, t.passageId),
    index().on(t.schoolId, t.createdAt),
    index().on(t.districtId),
    index().on(t.assignmentId),
    // A set of students' work in a period, by each time insights count (IN3, IN5).
    index().on(t.studentId, t.createdAt),
    index().on(t.studentId, t.completedAt),
    index().on(t.studentId, t.quizSubmittedAt),
    // A school's or district's period (IN2, IN3, IN5, IN11 at 50,000 students): a range of time read from the index
    // alone, whoever's, then kept for the students in scope, instead of one probe per student or the whole table.
    index('worksheets_started_period_idx').on(
      t.createdAt,
      t.studentId,
      t.timeSpentReadingMs,
      t.pagesCompleted,
    ),
    index('worksheets_completed_period_idx')
      .on(t.completedAt, t.studentId, t.passageId)
      .where(sql`${t.worksheetCompleted}`),
    index('worksheets_quiz_period_idx')
      .on(t.quizSubmittedAt, t.studentId, t.passageId)
      .where(sql`${t.quizSubmittedAt} IS NOT NULL`),
  ],
);

/** One grading row per answered (sub-)question (R10). */
export const gradings = pgTable(
  'gradings',
  {
    id: id(),
    worksheetId: integer()
      .notNull()
      .references(() => worksheets.id, { onDelete: 'cascade' }),
    schoolId: schoolRef(),
    questionId: integer()
      .notNull()
      .references(() => questions.id),
    questionNum: smallint().notNull(),
    subQuestionNum: smallint().notNull().default(0),
    marks: real(),
    maxMarks: real().notNull(),
    selectedOption: text().notNull().default(''),
    timeTakenMs: integer().notNull().default(0),
    /** Open-ended answers wait for a teacher (R10). */
    isAwaitingMark: boolean().notNull().default(false),
    /** A teacher's mark of an open-ended answer: their comment to the student, who marked it and when (R24). */
    comment: text(),
    markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    markedAt: at(),
  },
  (t) => [
    uniqueIndex().on(t.worksheetId, t.questionId, t.subQuestionNum),
    index().on(t.schoolId),
    // The answers waiting for a teacher's mark are few among many: staff list them by school (R24).
    index('gradings_awaiting_mark_idx')
      .on(t.schoolId)
      .where(sql`${t.isAwaitingMark}`),
  ],
);

export const favourites = pgTable(
  'favourites',
  {
    studentId: studentRef(),
    passageId: integer()
      .notNull()
      .references(() => passages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.passageId] })],
);

export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    worksheetId: integer()
      .notNull()
      .references(() => worksheets.id, { onDelete: 'cascade' }),
    studentId: studentRef(),
    schoolId: schoolRef(),
    districtId: districtRef(),
    isPractice: boolean().notNull().default(false),
    /** Storage key; null once the audio has passed the district's retention. */
    fileKey: text(),
    mimeType: text().notNull(),
    sizeBytes: integer().notNull(),
    durationMs: integer().notNull(),
    numReRecording: integer().notNull().default(0),
    /** The browser's id for the take, so a retried upload is stored once. */
    clientRecordingId: text(),
    /** Trim in milliseconds; the suggestion comes from speech detection. */
    suggestedStartMs: integer(),
    suggestedEndMs: integer(),
    startMs: integer(),
    endMs: integer(),
    wpmConfirmed: boolean().notNull().default(false),
    /** Index of the last word read; null means the whole passage (RA8). */
    lastWordIndex: integer(),
    numMistakes: integer().notNull().default(0),
    wpm: real(),
    wcpm: real(),
    accuracy: real(),
    comment: text(),
    gradedBy: integer().references(() => users.id),
    gradingCompleted: boolean().notNull().default(false),
    gradedAt: at(),
    gradingViewed: boolean().notNull().default(false),
    /** Optimistic concurrency for mistakes: two teachers saving at once do not overwrite each other. */
    version: integer().notNull().default(1),
    audioDeletedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.studentId, t.createdAt),
    index().on(t.schoolId, t.createdAt),
    index().on(t.districtId),
    index().on(t.worksheetId),
    uniqueIndex().on(t.studentId, t.clientRecordingId),
    // A period's recordings of a school or district (IN2, IN5), read from the index alone.
    index('recordings_period_idx').on(t.createdAt, t.studentId, t.isPractice),
    // Graded in a period (IN3), read from the index alone.
    index('recordings_graded_period_idx')
      .on(t.gradedAt, t.studentId)
      .where(sql`${t.gradingCompleted} AND NOT ${t.isPractice}`),
    // Waiting for review (IN3, IN11): few of them, whenever made.
    index('recordings_awaiting_review_idx')
      .on(t.studentId)
      .where(sql`NOT ${t.isPractice} AND NOT ${t.gradingCompleted}`),
  ],
);

/**
 * Each student's newest read-aloud recording with a WPM: their current speed (P9), kept by a trigger on `recordings`
 * in the same transaction as the recording (migration 0011), so a district's speeds (IN3) read one row a student
 * instead of every recording they ever made.
 */
export const studentSpeeds = pgTable('student_speeds', {
  studentId: studentRef().primaryKey(),
  recordingId: integer().notNull(),
  wpm: real().notNull(),
  wcpm: real(),
  recordedAt: at().notNull(),
});

/** P10's counts of a day, as `student_days` keeps them per student and `school_days` sums them per school. */
const dayCounts = () => ({
  /** Of the worksheets started that day. */
  readingMs: bigint({ mode: 'number' }).notNull().default(0),
  pages: integer().notNull().default(0),
  /** Power builders completed that day (P10's books). */
  books: integer().notNull().default(0),
  /** Quizzes handed in that day, any builder (P10). */
  quizzes: integer().notNull().default(0),
  /** Read-aloud recordings (not practice) made that day. */
  recordings: integer().notNull().default(0),
  /** Power-builder quizzes handed in that day with a score, and the sum of their scores (P13's average). */
  scoredQuizzes: integer().notNull().default(0),
  scoreSum: doublePrecision().notNull().default(0),
});

/**
 * A row per student and UTC day with any activity (IN2, IN3, IN5, IN8, IN11): each event counted on the day of the
 * time it is counted by (P10): a worksheet's reading time and pages on the day it was started, a book on the day it
 * was completed, a quiz on the day it was handed in, a recording on the day it was made. Kept by statement triggers on
 * `worksheets`, `reading_activity_logs` and `recordings` in the same transaction as the events (migration 0012), so a
 * district's period reads a row per student and active day instead of every event of it. Keyed by student, not
 * school: a student who moves counts where they are now (IN1), so each row carries the student's school now, kept
 * with the student (migration 0018), and a school's or district's days are read by school without a join.
 */
export const studentDays = pgTable(
  'student_days',
  {
    studentId: studentRef(),
    day: date({ mode: 'string' }).notNull(),
    /** The student's school now (IN1): set from `students` by the triggers, moved with the student. */
    schoolId: integer().notNull(),
    /** IN2's events: worksheets started, quizzes handed in, reading sessions logged, recordings made (any kind). */
    events: integer().notNull().default(0),
    ...dayCounts(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.day] }),
    // A school's or district's days (IN2, IN3, IN8, IN11), read from the index alone: a range per school.
    index('student_days_school_period_idx').on(
      t.schoolId,
      t.day,
      t.studentId,
      t.events,
      t.readingMs,
      t.pages,
      t.books,
      t.quizzes,
      t.recordings,
      t.scoredQuizzes,
      t.scoreSum,
    ),
  ],
);

/**
 * Each school's totals of `student_days` per UTC day (IN3, IN5, IN11): P10's counts, the quiz scores' sum and count,
 * and how many of its students were active that day (a student's day with an event is one active student). Keyed by
 * the school the student belongs to now (IN1): kept by a statement trigger on `student_days`, and a student's days
 * move with them when they change school or go (triggers on `students`), all in the same transaction (migration
 * 0014), so an owner's or a department head's day-by-day totals read a row per school and day.
 */
export const schoolDays = pgTable(
  'school_days',
  {
    schoolId: integer()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    activeStudents: integer().notNull().default(0),
    ...dayCounts(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day] })],
);

/**
 * A row per student, UTC day and learning outcome with marked answers (IN9): the marks and maximum marks of the
 * answers of the quizzes the student handed in that day, per outcome their questions measure, and how many answers
 * (a question of a worksheet, once). Rebuilt for each student and day a statement touches by triggers on
 * `gradings`, `worksheets` and `question_learning_outcomes`, in the same transaction (migration 0013), so a district's
 * period reads these rows instead of every marked answer of it.
 */
export const studentOutcomeDays = pgTable(
  'student_outcome_days',
  {
    studentId: studentRef(),
    day: date({ mode: 'string' }).notNull(),
    learningOutcomeId: integer().notNull(),
    marks: doublePrecision().notNull(),
    maxMarks: doublePrecision().notNull(),
    answered: integer().notNull(),
    /**
     * The student's latest earlier day with a row for the same outcome (null for their first): the row whose
     * previous day falls before a period is the student's first on that outcome in it, so the students who answered
     * an outcome over a period are counted without sorting its rows (IN9, migration 0017).
     */
    previousDay: date({ mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.day, t.learningOutcomeId] }),
    // A school's or district's days, read from the index alone.
    index('student_outcome_days_period_idx').on(
      t.day,
      t.studentId,
      t.learningOutcomeId,
      t.marks,
      t.maxMarks,
      t.answered,
      t.previousDay,
    ),
  ],
);

export const recordingMistakes = pgTable(
  'recording_mistakes',
  {
    id: id(),
    recordingId: integer()
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    schoolId: schoolRef(),
    /** Word position in the passage; an insertion sits before this word. */
    wordIndex: integer().notNull(),
    typeId: smallint().notNull(),
    text: text(),
  },
  (t) => [
    index().on(t.recordingId),
    check('recording_mistakes_type', sql`${t.typeId} BETWEEN 1 AND 4`),
    check('recording_mistakes_word_index', sql`${t.wordIndex} >= 0`),
  ],
);

export const readingActivityLogs = pgTable(
  'reading_activity_logs',
  {
    id: id(),
    studentId: studentRef(),
    schoolId: schoolRef(),
    worksheetId: integer()
      .notNull()
      .references(() => worksheets.id, { onDelete: 'cascade' }),
    startTime: at().notNull(),
    numPracticeRecordings: integer().notNull().default(0),
    readingSettings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.schoolId, t.createdAt),
    index().on(t.studentId, t.createdAt),
    // Reading sessions by when they began: IN2's active students.
    index().on(t.studentId, t.startTime),
    // ... of a school or district: a range of time read from the index alone (IN2, IN11).
    index('reading_activity_logs_period_idx').on(t.startTime, t.studentId),
  ],
);

export const recordingActivityLogs = pgTable(
  'recording_activity_logs',
  {
    id: id(),
    studentId: studentRef(),
    schoolId: schoolRef(),
    worksheetId: integer()
      .notNull()
      .references(() => worksheets.id, { onDelete: 'cascade' }),
    numReRecording: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.schoolId, t.createdAt)],
);

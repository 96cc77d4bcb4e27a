/** Builds a small world per test: a district with schools, classes, staff and students, and small passages. */
import { inArray } from 'drizzle-orm';
import { storeQuestion, type Question } from '@readalong/content';
import { BuilderType, QuestionType, passageWords, type GradingRow, type Role } from '@readalong/contracts';
import type { Database } from '../src/db/database.js';
import {
  assignments,
  classTeachers,
  classes,
  districts,
  enrolments,
  learningOutcomes,
  passagePages,
  passages,
  questionLearningOutcomes,
  questions,
  schools,
  students,
  users,
  worksheets,
} from '../src/db/schema/index.js';
import { answerText, subQuestionCount, type StoredQuestionRow } from '../src/modules/quiz/grading.js';
import { hashPassword } from '../src/platform/passwords.js';

export const TEST_PASSWORD = 'correct horse battery';

/** One question of each of the eight types (R10): 1 + 1 + 1 + 1 + 2 + 1 + 1 + 4 = 12 parts. */
export const EVERY_TYPE: Question[] = [
  {
    type: 'mcq',
    prompt: 'What colour is the kite?',
    options: ['red', 'green', 'blue'],
    answer: 0,
    outcomes: ['COMP.KEY_DETAILS'],
  },
  {
    type: 'short_answer',
    prompt: 'Who helps Sam?',
    accepted: ['Dad', 'his dad'],
    outcomes: ['COMP.KEY_DETAILS'],
  },
  {
    type: 'open_ended',
    prompt: 'How does Sam feel?',
    guidance: 'Sad, then happy.',
    outcomes: ['COMP.CHARACTER_FEELINGS'],
  },
  {
    type: 'sequencing',
    prompt: 'Put these in order.',
    items: ['Sam gets a kite.', 'The kite is stuck.', 'Dad helps.'],
    outcomes: ['COMP.SEQUENCE'],
  },
  {
    type: 'form_words',
    prompt: 'Make the words.',
    words: [
      { tiles: ['k', 'i', 't', 'e'], answer: 'kite' },
      { tiles: ['t', 'r', 'e', 'e'], answer: 'tree' },
    ],
    outcomes: ['WS.VOWEL_SOUNDS'],
  },
  {
    type: 'word_from_sentence',
    prompt: 'Which word tells how the wind blows?',
    sentence: 'The wind is strong today.',
    answer: 'strong',
    outcomes: ['VOC.CONTEXT_CLUES'],
  },
  {
    type: 'discard_option',
    prompt: 'Which is not a colour?',
    options: ['red', 'blue', 'kite'],
    answer: 2,
    outcomes: ['VOC.CATEGORIES'],
  },
  {
    type: 'categorising',
    prompt: 'Sky or ground?',
    categories: ['sky', 'ground'],
    items: [
      { text: 'kite', category: 0 },
      { text: 'cloud', category: 0 },
      { text: 'grass', category: 1 },
      { text: 'path', category: 1 },
    ],
    outcomes: ['VOC.CATEGORIES'],
  },
];

/** `count` multiple-choice questions: each is one part, so k right answers score k × (100 / count) %. */
export const multipleChoice = (count: number, outcome = 'COMP.MAIN_IDEA'): Question[] =>
  Array.from({ length: count }, (_, index) => ({
    type: 'mcq' as const,
    prompt: `Question ${index + 1}?`,
    options: ['right', 'wrong', 'maybe'],
    answer: 0,
    outcomes: [outcome],
  }));

export interface PassageOptions {
  builderTypeId?: number;
  seriesId?: number;
  colourBandId?: number;
  title?: string;
  pages?: string[];
  questions?: Question[];
  targetOutcomes?: string[];
}

/** The right answer to one part, as a student would send it. */
function rightAnswer(question: StoredQuestionRow, subQuestionNum: number): string {
  if (question.typeId === QuestionType.ShortAnswer)
    return String((question.answerKey.accepted as string[])[0]);
  if (question.typeId === QuestionType.OpenEnded) return 'Sad at first, then happy again.';
  return answerText(question, subQuestionNum);
}

/**
 * Grading rows answering every part of `quiz` in order; `isRight(partIndex)` chooses which parts are answered
 * right (default: all), the rest get a wrong answer.
 */
export function answersTo(
  quiz: readonly StoredQuestionRow[],
  isRight: (partIndex: number) => boolean = () => true,
): GradingRow[] {
  const rows: GradingRow[] = [];
  for (const question of quiz) {
    const parts = subQuestionCount(question);
    for (const subQuestionNum of parts === 0 ? [0] : Array.from({ length: parts }, (_, i) => i + 1)) {
      const right = isRight(rows.length);
      rows.push({
        question_id: question.id,
        question_num: question.questionNum,
        sub_question_num: subQuestionNum,
        marks: right ? 1 : 0,
        selected_option: right ? rightAnswer(question, subQuestionNum) : 'not this',
        time_taken: 7,
      });
    }
  }
  return rows;
}

let passwordHash: Promise<string> | undefined;
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}.${process.pid}`;

export function createFactories(db: Database) {
  async function user(
    role: Role,
    place: { districtId: number; schoolId: number | null },
    extra: Partial<typeof users.$inferInsert> = {},
  ) {
    const username = extra.username ?? unique(role.replace('_', '-') + '.');
    const [row] = await db
      .insert(users)
      .values({
        username,
        passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
        role,
        firstName: extra.firstName ?? 'Test',
        lastName: extra.lastName ?? role,
        email: role === 'student' ? null : `${username}@school.example`,
        ...place,
        ...extra,
      })
      .returning();
    return row!;
  }

  return {
    /** A district with one school, a class taught by a teacher, an owner, a head and one student. */
    async school() {
      const [district] = await db
        .insert(districts)
        .values({ name: unique('District ') })
        .returning();
      const [school] = await db
        .insert(schools)
        .values({ districtId: district!.id, name: unique('School ') })
        .returning();
      const place = { districtId: district!.id, schoolId: school!.id };
      const [klass] = await db
        .insert(classes)
        .values({ ...place, name: unique('Class ') })
        .returning();
      const teacher = await user('teacher', place);
      await db.insert(classTeachers).values({ classId: klass!.id, teacherId: teacher.id });
      const owner = await user('owner', place);
      const head = await user('department_head', { districtId: district!.id, schoolId: null });
      const student = await this.student(place, klass!.id);
      return { district: district!, school: school!, class: klass!, teacher, owner, head, student };
    },

    /** A student placed in a band (BR 4 unless `reading` says otherwise), enrolled in `classId`. */
    async student(
      place: { districtId: number; schoolId: number },
      classId: number,
      extra: Partial<typeof users.$inferInsert> = {},
      reading: Partial<typeof students.$inferInsert> = {},
    ) {
      const row = await user('student', place, extra);
      await db.insert(students).values({
        userId: row.id,
        ...place,
        schoolId: place.schoolId,
        homeClassId: classId,
        seriesId: 6,
        colourBandId: 4,
        coins: 30,
        ...reading,
      });
      await db.insert(enrolments).values({ classId, studentId: row.id, schoolId: place.schoolId });
      return row;
    },

    /**
     * A small passage (a power builder of BR 4 unless told otherwise) with pages and questions stored as the
     * library import stores them (content's storeQuestion), so tests do not depend on the real library.
     */
    async passage(options: PassageOptions = {}) {
      const slug = unique('test-passage-').replace('.', '-');
      const pages = options.pages ?? [
        'Sam has a new kite.',
        'The kite gets stuck in a tree.',
        'Dad helps Sam.',
      ];
      const [passage] = await db
        .insert(passages)
        .values({
          slug,
          builderTypeId: options.builderTypeId ?? BuilderType.PowerBuilder,
          title: options.title ?? unique('Book '),
          author: 'Test Writer',
          seriesId: options.seriesId ?? 6,
          colourBandId: options.colourBandId ?? 4,
          lexile: 260,
          wordCount: passageWords(pages.map((text) => ({ text }))).length,
          thumbnailKey: `${slug}/cover.svg?v=test`,
          targetOutcomeCodes: options.targetOutcomes ?? [],
        })
        .returning();
      await db.insert(passagePages).values(
        pages.map((text, index) => ({
          passageId: passage!.id,
          pageNum: index + 1,
          text,
          illustrationKey: index === 0 ? `${slug}/page-1.svg?v=test` : null,
        })),
      );
      const stored = (options.questions ?? EVERY_TYPE).map((question, index) => ({
        questionNum: index + 1,
        ...storeQuestion(question, `${slug}#${index + 1}`),
      }));
      const rows = stored.length
        ? await db
            .insert(questions)
            .values(
              stored.map(({ outcomes: _outcomes, ...question }) => ({ passageId: passage!.id, ...question })),
            )
            .returning()
        : [];
      const codes = [...new Set(stored.flatMap((question) => question.outcomes))];
      const outcomeIds = new Map(
        codes.length
          ? (
              await db
                .select({ id: learningOutcomes.id, code: learningOutcomes.code })
                .from(learningOutcomes)
                .where(inArray(learningOutcomes.code, codes))
            ).map((row) => [row.code, row.id])
          : [],
      );
      const tags = stored.flatMap((question, index) =>
        question.outcomes
          .filter((code) => outcomeIds.has(code))
          .map((code) => ({ questionId: rows[index]!.id, learningOutcomeId: outcomeIds.get(code)! })),
      );
      if (tags.length) await db.insert(questionLearningOutcomes).values(tags);
      return { ...passage!, numPages: pages.length, questions: rows };
    },

    /** A teacher's assignment of a passage to a class. */
    async assignment(
      klass: { id: number; schoolId: number },
      teacherId: number,
      passageId: number,
      extra: Partial<typeof assignments.$inferInsert> = {},
    ) {
      const [row] = await db
        .insert(assignments)
        .values({
          schoolId: klass.schoolId,
          classId: klass.id,
          teacherId,
          passageId,
          title: 'Read this',
          ...extra,
        })
        .returning();
      return row!;
    },

    /** A worksheet of a student on a passage, in whatever state `extra` says (quiz, score, dates). */
    async worksheet(
      student: { id: number; schoolId: number | null; districtId: number },
      passageId: number,
      extra: Partial<typeof worksheets.$inferInsert> = {},
    ) {
      const [row] = await db
        .insert(worksheets)
        .values({
          studentId: student.id,
          schoolId: student.schoolId!,
          districtId: student.districtId,
          passageId,
          ...extra,
        })
        .returning();
      return row!;
    },

    user,
  };
}
export type Factories = ReturnType<typeof createFactories>;

/** Test data for quizzes: one question of every type, keys for staff, a passage and a quiz result. */
import { QuestionType, type Passage, type Response, type contracts } from '@readalong/contracts';
import type { QuizQuestion } from './answers';

export const BOOK_ID = 41;
export const WORKSHEET_ID = 900;

export const question = (
  overrides: Partial<QuizQuestion> & Pick<QuizQuestion, 'id' | 'question_type_id' | 'prompt'>,
) => ({
  question_num: overrides.id,
  image_url: null,
  learning_outcome_ids: [1],
  options: [],
  categories: [],
  max_marks: 1,
  answer: null,
  sub_questions: [],
  ...overrides,
});

/** One question of every type, as a student sees them before submitting: no answer keys. */
export const QUIZ: QuizQuestion[] = [
  question({
    id: 1,
    question_type_id: QuestionType.MCQ,
    prompt: 'What do bees make honey from?',
    options: ['pollen', 'nectar', 'wax'],
  }),
  question({ id: 2, question_type_id: QuestionType.ShortAnswer, prompt: 'Where do bees live?' }),
  question({ id: 3, question_type_id: QuestionType.OpenEnded, prompt: 'Why are farmers happy to see bees?' }),
  question({
    id: 4,
    question_type_id: QuestionType.Sequencing,
    prompt: 'Put the steps in order.',
    options: ['She flies home.', 'A bee finds a flower.', 'The honey is sealed.'],
  }),
  question({
    id: 5,
    question_type_id: QuestionType.FormWords,
    prompt: 'Make words from the book.',
    max_marks: 2,
    sub_questions: [
      {
        sub_question_num: 1,
        prompt: 'Word 1',
        options: ['comb', 'honey'],
        categories: [],
        max_marks: 1,
        answer: null,
      },
      {
        sub_question_num: 2,
        prompt: 'Word 2',
        options: ['keeper', 'bee'],
        categories: [],
        max_marks: 1,
        answer: null,
      },
    ],
  }),
  question({
    id: 6,
    question_type_id: QuestionType.WordFromSentence,
    prompt: 'Which word means a sweet juice?',
    options: ['Bees', 'make', 'honey', 'from', 'nectar'],
  }),
  question({
    id: 7,
    question_type_id: QuestionType.DiscardOption,
    prompt: 'Which does a beekeeper NOT wear?',
    options: ['gloves', 'flippers', 'a hat'],
  }),
  question({
    id: 8,
    question_type_id: QuestionType.Categorising,
    prompt: 'Queen or workers?',
    max_marks: 2,
    categories: ['Queen', 'Workers'],
    options: ['lays eggs', 'guard the door'],
    sub_questions: [
      {
        sub_question_num: 1,
        prompt: 'lays eggs',
        options: ['Queen', 'Workers'],
        categories: ['Queen', 'Workers'],
        max_marks: 1,
        answer: null,
      },
      {
        sub_question_num: 2,
        prompt: 'guard the door',
        options: ['Queen', 'Workers'],
        categories: ['Queen', 'Workers'],
        max_marks: 1,
        answer: null,
      },
    ],
  }),
];

const KEYS: Record<number, string | string[]> = {
  1: 'nectar',
  2: 'a hive;hive',
  3: 'Bees carry pollen.',
  4: 'A bee finds a flower.;She flies home.;The honey is sealed.',
  5: ['honeycomb', 'beekeeper'],
  6: 'nectar',
  7: 'flippers',
  8: ['Queen', 'Workers'],
};

/** The quiz as staff see it, keys included. */
export const withKeys = (questions: QuizQuestion[]) =>
  questions.map((item) => {
    const key = KEYS[item.id]!;
    return Array.isArray(key)
      ? {
          ...item,
          answer: key.join(';'),
          sub_questions: item.sub_questions.map((sub, index) => ({ ...sub, answer: key[index]! })),
        }
      : { ...item, answer: key };
  });

export const buildPassage = (overrides: Partial<Passage> = {}): Passage => ({
  id: BOOK_ID,
  builder_type_id: 2,
  title: 'How Bees Make Honey',
  author: 'Readalong',
  series_id: 1,
  colour_band_id: 9,
  lexile: 500,
  num_pages: 1,
  word_count: 5,
  thumbnail_url: '/api/library/bees.png',
  background_url: null,
  assets: { music_url: null, narration_pending: false },
  pages: [
    {
      page_num: 1,
      text: 'Bees make honey from nectar.',
      illustration_url: null,
      narration_url: null,
      word_timings: null,
    },
  ],
  worksheet_id: WORKSHEET_ID,
  rate_builder_worksheet_id: null,
  pages_completed: 1,
  worksheet_completed: false,
  recording_submitted: false,
  quiz_submitted: false,
  recording_needed: false,
  is_favourited: false,
  reading_practice_completed: false,
  ...overrides,
});

/** A quiz result as the server answers it; nothing earned unless said. */
export const buildOutcome = (
  overrides: Partial<Response<typeof contracts.submitDiagnostics>> = {},
): Response<typeof contracts.submitDiagnostics> => ({
  completed: true,
  score_percent: 100,
  passed: true,
  coins_awarded: 0,
  placement_test_id: null,
  series_id: null,
  colour_band_id: null,
  has_reset_colour: false,
  level_change: null,
  ...overrides,
});

/** A worksheet whose quiz has not been submitted. */
export const NOT_SUBMITTED = {
  worksheet_id: WORKSHEET_ID,
  completed: false,
  submitted_at: null,
  total_score: 0,
  max_score: 10,
  score_percent: null,
  passed: null,
  gradings: [],
};

/**
 * The format of one passage of the library: `content/library/<kind>/<slug>/passage.json`, with its SVG pictures in
 * the same folder. content/README.md explains it for writers; `npm run content:check` validates every passage.
 */
import { z } from 'zod';

export const SERIES_NAMES = ['A', 'B', 'C', 'D', 'E', 'BR'] as const;
export const PASSAGE_KINDS = {
  'placement-tests': 'placement_test',
  'power-builders': 'power_builder',
  'skill-builders': 'skill_builder',
  'rate-builders': 'rate_builder',
} as const;

const Text = z.string().trim().min(1);
const OutcomeCode = z.string().regex(/^[A-Z]+\.[A-Z_]+$/, 'a learning-outcome code such as COMP.MAIN_IDEA');
const SvgFile = z.string().regex(/^[a-z0-9-]+\.svg$/, 'an .svg file name in the passage folder');

const question = <K extends string, T extends z.ZodRawShape>(type: K, shape: T) =>
  z.strictObject({
    type: z.literal(type),
    prompt: Text.describe('what the child is asked'),
    outcomes: z.array(OutcomeCode).min(1).describe('learning outcomes it measures (content/taxonomy)'),
    ...shape,
  });

/** The eight question types (docs/rules.md R10 marks each), each with what it shows and its answer key. */
export const Question = z.discriminatedUnion('type', [
  question('mcq', { options: z.array(Text).min(2).max(5), answer: z.number().int().min(0) }),
  question('short_answer', {
    accepted: z
      .array(Text)
      .min(1)
      .describe('answers marked right, compared ignoring case, spacing and punctuation'),
  }),
  question('open_ended', { guidance: Text.describe('for the teacher: what a good answer mentions') }),
  question('sequencing', {
    items: z.array(Text).min(3).max(6).describe('in the correct order; shown shuffled'),
  }),
  question('form_words', {
    words: z
      .array(z.strictObject({ tiles: z.array(Text).min(2).max(8), answer: Text }))
      .min(1)
      .max(4)
      .describe('each word is a sub-question: join tiles (letters or word parts) into the answer'),
  }),
  question('word_from_sentence', {
    sentence: Text,
    answer: Text.describe('one word of the sentence, as written there'),
  }),
  question('discard_option', {
    options: z.array(Text).min(3).max(5),
    answer: z.number().int().min(0).describe('the option that does not belong'),
  }),
  question('categorising', {
    categories: z.array(Text).min(2).max(3),
    items: z
      .array(z.strictObject({ text: Text, category: z.number().int().min(0) }))
      .min(4)
      .max(8)
      .describe('each item is a sub-question'),
  }),
]);
export type Question = z.infer<typeof Question>;
export type QuestionTypeName = Question['type'];

/** Question type ids, by name (the customer's ids). */
export const QUESTION_TYPE_IDS: Record<QuestionTypeName, number> = {
  mcq: 1,
  short_answer: 2,
  open_ended: 3,
  sequencing: 4,
  form_words: 5,
  word_from_sentence: 6,
  discard_option: 7,
  categorising: 8,
};

export const Page = z.strictObject({
  text: Text.describe('the words of the page, as the child reads them'),
  illustration: SvgFile.optional(),
});

export const Passage = z.strictObject({
  title: Text,
  summary: Text.describe('one or two sentences for the library card'),
  series: z.enum(SERIES_NAMES),
  colour_band: z.number().int().min(3).max(20),
  cover: SvgFile.optional(),
  pages: z.array(Page).min(1).max(12),
  questions: z.array(Question).max(40),
  /** Skill builders: the learning outcomes they practise. */
  target_outcomes: z.array(OutcomeCode).optional(),
});
export type Passage = z.infer<typeof Passage>;

/** The leveled library and its learning-outcome taxonomy (K2). Shared by every school. */
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

export const topicGroups = pgTable('topic_groups', { id: id(), name: text().notNull() });

export const topics = pgTable('topics', {
  id: id(),
  topicGroupId: integer()
    .notNull()
    .references(() => topicGroups.id),
  name: text().notNull(),
});

export const learningOutcomes = pgTable(
  'learning_outcomes',
  {
    id: id(),
    topicId: integer()
      .notNull()
      .references(() => topics.id),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [uniqueIndex().on(t.code)],
);

export const passages = pgTable(
  'passages',
  {
    id: id(),
    /** Stable name from the content files, so a re-import updates instead of duplicating. */
    slug: text().notNull(),
    builderTypeId: smallint().notNull(),
    title: text().notNull(),
    author: text().notNull(),
    summary: text().notNull().default(''),
    seriesId: smallint().notNull(),
    colourBandId: smallint().notNull(),
    lexile: integer().notNull(),
    wordCount: integer().notNull(),
    thumbnailKey: text(),
    backgroundKey: text(),
    /** Extra files of the passage (music, narration manifest), by role. */
    assets: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Learning outcomes a skill builder targets. */
    targetOutcomeCodes: jsonb().$type<string[]>().notNull().default([]),
    /** SHA-256 of the passage's files as last imported: an unchanged passage is skipped without writes. */
    contentHash: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.slug), index().on(t.builderTypeId, t.seriesId, t.colourBandId)],
);

export interface WordTiming {
  word: string;
  startMs: number;
  endMs: number;
}

export const passagePages = pgTable(
  'passage_pages',
  {
    passageId: integer()
      .notNull()
      .references(() => passages.id, { onDelete: 'cascade' }),
    pageNum: smallint().notNull(),
    text: text().notNull(),
    illustrationKey: text(),
    narrationKey: text(),
    wordTimings: jsonb().$type<WordTiming[]>(),
  },
  (t) => [primaryKey({ columns: [t.passageId, t.pageNum] })],
);

/** Question content by type; the answer key lives apart from what a student is shown. */
export const questions = pgTable(
  'questions',
  {
    id: id(),
    passageId: integer()
      .notNull()
      .references(() => passages.id, { onDelete: 'cascade' }),
    questionNum: smallint().notNull(),
    typeId: smallint().notNull(),
    prompt: text().notNull(),
    /** What the student sees: options, words, categories, sub-question prompts. */
    content: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The answer key: never sent to a student before they submit (R8). */
    answerKey: jsonb().$type<Record<string, unknown>>().notNull(),
    marks: smallint().notNull().default(1),
  },
  (t) => [uniqueIndex().on(t.passageId, t.questionNum)],
);

export const questionLearningOutcomes = pgTable(
  'question_learning_outcomes',
  {
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    learningOutcomeId: integer()
      .notNull()
      .references(() => learningOutcomes.id),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.learningOutcomeId] }), index().on(t.learningOutcomeId)],
);

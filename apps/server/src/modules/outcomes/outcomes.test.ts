import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { QuestionType } from '@readalong/contracts';
import { createTestApp, signedInCast, type TestApp } from '../../../test/app.js';
import { expectError } from '../../../test/ladder.js';
import { gradings, learningOutcomes, topics } from '../../db/schema/index.js';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let outcome: Record<string, { id: number; topicId: number }>;

interface Score {
  learning_outcome_id: number;
  topic_id: number;
  score_percent: number | null;
  questions_answered: number;
}

/**
 * The student's one submitted quiz: the multiple-choice answer right, the short answer wrong, the open-ended one
 * waiting for the teacher. A classmate's draft (not submitted) answers do not count.
 */
beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t);
  const book = await t.factories.passage();
  const byType = (typeId: number) => book.questions.find((question) => question.typeId === typeId)!;
  const answer = (worksheetId: number, typeId: number, marks: number | null) => ({
    worksheetId,
    schoolId: cast.world.school.id,
    questionId: byType(typeId).id,
    questionNum: byType(typeId).questionNum,
    marks,
    maxMarks: 1,
    isAwaitingMark: marks === null,
  });
  const submitted = await t.factories.worksheet(cast.world.student, book.id, {
    quizSubmittedAt: new Date('2026-09-10T10:00:00Z'),
  });
  const draft = await t.factories.worksheet(cast.classmate, book.id);
  await t.db
    .insert(gradings)
    .values([
      answer(submitted.id, QuestionType.MCQ, 1),
      answer(submitted.id, QuestionType.ShortAnswer, 0),
      answer(submitted.id, QuestionType.OpenEnded, null),
      answer(draft.id, QuestionType.MCQ, 1),
    ]);
  const codes = ['COMP.KEY_DETAILS', 'COMP.CHARACTER_FEELINGS'];
  const rows = await t.db.select().from(learningOutcomes).where(inArray(learningOutcomes.code, codes));
  outcome = Object.fromEntries(rows.map((row) => [row.code, { id: row.id, topicId: row.topicId }]));
});
afterAll(() => t.close());

const scoreOf = (scores: Score[], code: string) =>
  scores.find((score) => score.learning_outcome_id === outcome[code]!.id);

describe('GET /v1/students/{id}/learning-outcome-performances', () => {
  const get = (token: string | undefined, id: number, query = '') =>
    t.request({ method: 'GET', url: `/api/v1/students/${id}/learning-outcome-performances${query}`, token });
  const performances = async (token: string, query = '') => {
    const response = await get(token, cast.world.student.id, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ learning_outcome_performances: Score[] }>().learning_outcome_performances;
  };

  it('401; 400 naming topic_groups; 404 for another student or out of scope', async () => {
    const id = cast.world.student.id;
    expectError(await get(undefined, id), 401);
    expectError(await get(cast.token.teacher, id, '?topic_groups=a,b'), 400, 'query.topic_groups');
    expectError(await get(cast.token.classmate, id), 404);
    expectError(await get(cast.token.outsider, id), 404);
  });

  it('marked answers of submitted quizzes only; an outcome waiting for a teacher scores null', async () => {
    for (const token of [cast.token.student, cast.token.teacher]) {
      const scores = await performances(token);
      expect(scoreOf(scores, 'COMP.KEY_DETAILS')).toMatchObject({ score_percent: 50, questions_answered: 2 });
      expect(scoreOf(scores, 'COMP.CHARACTER_FEELINGS')).toMatchObject({
        score_percent: null,
        questions_answered: 0,
      });
    }
  });

  it('filters by topic group and date range', async () => {
    const [topic] = await t.db
      .select()
      .from(topics)
      .where(inArray(topics.id, [outcome['COMP.KEY_DETAILS']!.topicId]));
    const inGroup = await performances(cast.token.owner, `?topic_groups=${topic!.topicGroupId}`);
    expect(scoreOf(inGroup, 'COMP.KEY_DETAILS')?.score_percent).toBe(50);
    const outOfGroup = await performances(cast.token.owner, `?topic_groups=${topic!.topicGroupId + 1000}`);
    expect(outOfGroup).toEqual([]);
    const before = await performances(cast.token.head, '?start=2026-01-01&end=2026-09-09');
    expect(scoreOf(before, 'COMP.KEY_DETAILS')).toMatchObject({ score_percent: null, questions_answered: 0 });
  });
});

describe('GET /v1/user/student/proficiency', () => {
  const get = (token: string | undefined, query = '') =>
    t.request({ method: 'GET', url: `/api/v1/user/student/proficiency${query}`, token });
  const ids = () => `${outcome['COMP.KEY_DETAILS']!.id},${outcome['COMP.CHARACTER_FEELINGS']!.id}`;

  it('400 naming subject_id; the student’s own scores for the outcomes asked', async () => {
    expectError(await get(cast.token.student, '?subject_id=7'), 400, 'query.subject_id');
    const response = await get(cast.token.student, `?learning_outcome_ids=${ids()}`);
    expect(response.statusCode, response.body).toBe(200);
    const { proficiency } = response.json<{ proficiency: Score[] }>();
    expect(proficiency.map((score) => [score.score_percent, score.questions_answered])).toEqual(
      expect.arrayContaining([
        [50, 2],
        [null, 0],
      ]),
    );
    expect(proficiency).toHaveLength(2);
    const classmate = (await get(cast.token.classmate, `?learning_outcome_ids=${ids()}`)).json<{
      proficiency: Score[];
    }>();
    expect(classmate.proficiency.every((score) => score.questions_answered === 0)).toBe(true);
  });

  it('staff name a student in scope (P14): 400 without one, 404 out of scope; a student names only themselves', async () => {
    const id = cast.world.student.id;
    expectError(await get(cast.token.teacher), 400, 'query.student_id');
    expectError(await get(cast.token.outsider, `?student_id=${id}`), 404);
    expectError(await get(cast.token.classmate, `?student_id=${id}`), 404);
    for (const token of [cast.token.teacher, cast.token.head, cast.token.student]) {
      const response = await get(token, `?student_id=${id}&learning_outcome_ids=${ids()}`);
      expect(response.statusCode, response.body).toBe(200);
      const { proficiency } = response.json<{ proficiency: Score[] }>();
      expect(scoreOf(proficiency, 'COMP.KEY_DETAILS')).toMatchObject({
        score_percent: 50,
        questions_answered: 2,
      });
    }
  });
});

describe('GET /v2/students/question-details', () => {
  const get = (token: string | undefined, query = '') =>
    t.request({ method: 'GET', url: `/api/v2/students/question-details${query}`, token });
  const firstThree = [
    { question_type_id: 1, questions_answered: 1, marks: 1, max_marks: 1 },
    { question_type_id: 2, questions_answered: 1, marks: 0, max_marks: 1 },
    { question_type_id: 3, questions_answered: 0, marks: 0, max_marks: 0 },
  ];

  it('all eight types, with the student’s marked answers', async () => {
    const response = await get(cast.token.student);
    expect(response.statusCode, response.body).toBe(200);
    const { question_types } = response.json<{ question_types: { question_type_id: number }[] }>();
    expect(question_types).toHaveLength(8);
    expect(question_types.slice(0, 3)).toEqual(firstThree);
  });

  it('staff name a student in scope (P14): 400 without one, 404 out of scope or for another student', async () => {
    const id = cast.world.student.id;
    expectError(await get(cast.token.owner), 400, 'query.student_id');
    expectError(await get(cast.token.outsider, `?student_id=${id}`), 404);
    expectError(await get(cast.token.classmate, `?student_id=${id}`), 404);
    const response = await get(cast.token.owner, `?student_id=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ question_types: unknown[] }>().question_types.slice(0, 3)).toEqual(firstThree);
  });
});

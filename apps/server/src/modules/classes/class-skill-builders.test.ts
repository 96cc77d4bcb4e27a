import { describe, expect, it } from 'vitest';
import { BuilderType } from '@readalong/contracts';
import { expectError } from '../../../test/ladder.js';
import { multipleChoice } from '../../../test/factories.js';
import { gradings } from '../../db/schema/index.js';
import { useSignedInCast } from './class-test-setup.js';

const setup = useSignedInCast();
const get = (classId: number | string, token?: string) =>
  setup.t.request({ method: 'GET', url: `/api/v1/classes/${classId}/skill-builders`, token });

type Student = Awaited<ReturnType<typeof setup.t.factories.student>>;

/** The student answered a quiz on `outcome`, getting `right` of its two questions right. */
async function answered(student: Student, outcome: string, right: number) {
  const book = await setup.t.factories.passage({ questions: multipleChoice(2, outcome) });
  const worksheet = await setup.t.factories.worksheet(student, book.id, { quizSubmittedAt: new Date() });
  await setup.t.db.insert(gradings).values(
    book.questions.map((question, index) => ({
      worksheetId: worksheet.id,
      schoolId: student.schoolId!,
      questionId: question.id,
      questionNum: question.questionNum,
      marks: index < right ? 1 : 0,
      maxMarks: 1,
    })),
  );
}

const skillBuilder = (outcome: string, colourBandId = 4) =>
  setup.t.factories.passage({
    builderTypeId: BuilderType.SkillBuilder,
    colourBandId,
    questions: [],
    targetOutcomes: [outcome],
  });

describe('GET /v1/classes/{id}/skill-builders', () => {
  it('401, 400, 403 for a student, 404 for another school’s class', async () => {
    const { world, outsider, token } = setup.cast;
    expectError(await get(world.class.id), 401);
    expectError(await get('x', token.teacher), 400, 'params.id');
    expectError(await get(world.class.id, token.student), 403);
    expectError(await get(outsider.class.id, token.teacher), 404);
    expectError(await get(world.class.id, token.outsider), 404);
  });

  it('by outcome: students below 60 %, and per skill builder whom it is suggested for, started, finished, assigned', async () => {
    const { world, classmate, token } = setup.cast;
    const student = world.student;
    // Both score 0 % on predicting; the student 50 % on sequencing (below 60 %), the classmate 100 %.
    await answered(student, 'COMP.PREDICT', 0);
    await answered(classmate, 'COMP.PREDICT', 0);
    await answered(student, 'COMP.SEQUENCE', 1);
    await answered(classmate, 'COMP.SEQUENCE', 2);
    const predictEasy = await skillBuilder('COMP.PREDICT', 3);
    const predictHard = await skillBuilder('COMP.PREDICT', 6);
    const sequence = await skillBuilder('COMP.SEQUENCE');
    const idioms = await skillBuilder('VOC.IDIOMS');
    await skillBuilder('VOC.SYNONYMS');
    // The student finished one predicting skill builder with 80 %; idioms are assigned though nobody is weak on them.
    await setup.t.factories.worksheet(student, predictHard.id, {
      worksheetCompleted: true,
      scorePercent: 80,
    });
    const assignment = await setup.t.factories.assignment(world.class, world.teacher.id, idioms.id);

    const response = await get(world.class.id, token.teacher);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      learning_outcomes: {
        code: string;
        students_below: number;
        skill_builders: Record<string, unknown>[];
      }[];
    }>();
    expect(body).toMatchObject({ class_id: world.class.id, student_count: 2, below_percent: 60 });
    expect(body.learning_outcomes.map((outcome) => [outcome.code, outcome.students_below])).toEqual([
      ['COMP.PREDICT', 2],
      ['COMP.SEQUENCE', 1],
      ['VOC.IDIOMS', 0],
    ]);
    const [predict, sequencing, idiomsOutcome] = body.learning_outcomes;
    expect(predict!.skill_builders).toEqual([
      expect.objectContaining({
        passage_id: predictEasy.id,
        suggested_for: 2,
        students_started: 0,
        students_completed: 0,
        average_score_percent: null,
        assigned_at: null,
      }),
      expect.objectContaining({
        passage_id: predictHard.id,
        title: predictHard.title,
        builder_type_id: BuilderType.SkillBuilder,
        colour_band_id: 6,
        suggested_for: 1,
        students_started: 1,
        students_completed: 1,
        average_score_percent: 80,
      }),
    ]);
    expect(sequencing!.skill_builders).toEqual([
      expect.objectContaining({ passage_id: sequence.id, suggested_for: 1 }),
    ]);
    expect(idiomsOutcome!.skill_builders).toEqual([
      expect.objectContaining({
        passage_id: idioms.id,
        suggested_for: 0,
        assigned_at: assignment.createdAt.toISOString(),
      }),
    ]);
    // The owner and the head see the same.
    for (const who of [token.owner, token.head])
      expect((await get(world.class.id, who)).json()).toEqual(body);
  });
});

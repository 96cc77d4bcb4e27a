import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildClass, buildRecording, buildStudentSummary } from '@/test/factories';
import { renderApp } from '@/test/render-app';

const SAM = buildStudentSummary({
  student_id: 21,
  username: 'sam.reed',
  first_name: 'Sam',
  last_name: 'Reed',
  name: 'Sam Reed',
  class_id: 3,
});
const KITE = {
  passage_id: 41,
  worksheet_id: 900,
  title: 'The Kite',
  series_id: 6,
  colour_band_id: 4,
  lexile: 250,
  completed_at: '2030-03-02T10:00:00.000Z',
  score_percent: 60,
  wpm: 80,
  wcpm: 74,
  accuracy: 92.5,
};

type Overview = Parameters<typeof answer<'getReadingOverview'>>[1];

const overview: Overview = () => ({
  student: SAM,
  goals: [{ kind: 'wcpm', target: 90, current: 74, target_date: '2031-06-30', achieved_at: null }],
  books: [KITE],
  recordings: [
    buildRecording({ id: 1, created_at: '2030-02-01T10:00:00.000Z', wpm: 60, wcpm: 52, wpm_confirmed: true }),
    buildRecording({
      id: 2,
      created_at: '2030-03-01T10:00:00.000Z',
      wpm: 80,
      wcpm: 74,
      grading_completed: true,
    }),
  ],
  lexile_timeline: [
    {
      at: '2030-01-10T10:00:00.000Z',
      lexile: 190,
      series_id: 6,
      colour_band_id: 3,
      source: 'level_change',
      passage_id: null,
      title: null,
      rule: 'manual_placement',
      reason: 'Reads these with ease',
    },
    {
      at: '2030-03-02T10:00:00.000Z',
      lexile: 250,
      series_id: 6,
      colour_band_id: 4,
      source: 'book_passed',
      passage_id: 41,
      title: 'The Kite',
    },
  ],
  current_lexile: 250,
  latest_wpm: 80,
  latest_wcpm: 74,
});

async function open(path: string, reply: Overview = overview) {
  await signedInAs({ login_role: 'teacher' });
  const calls = countCalls('getReadingOverview', reply);
  answer('getStudentClasses', () => ({ classes: [buildClass({ id: 3, name: 'Maple' })] }));
  answer('getGoalSettings', () => ({
    class_goal: null,
    goal_settings: [
      { student_id: 21, name: 'Sam Reed', profile_pic_url: null, colour_band_id: 4, series: 6, goal: null },
    ],
  }));
  answer('getStudentLearningOutcomePerformances', () => ({
    learning_outcome_performances: [
      { learning_outcome_id: 1, topic_id: 1, score_percent: 95, questions_answered: 4 },
      { learning_outcome_id: 2, topic_id: 1, score_percent: 40, questions_answered: 5 },
      { learning_outcome_id: 3, topic_id: 1, score_percent: null, questions_answered: 0 },
    ],
  }));
  answer('getTopics', () => ({
    topic_groups: [],
    topics: [],
    learning_outcomes: [
      { id: 1, topic_id: 1, name: 'Find key details', code: 'A' },
      { id: 2, topic_id: 1, name: 'Infer feelings', code: 'B' },
      { id: 3, topic_id: 1, name: 'Sequence events', code: 'C' },
    ],
  }));
  answer('getQuestionDetails', () => ({
    question_types: [
      { question_type_id: 1, questions_answered: 6, marks: 5, max_marks: 6 },
      { question_type_id: 3, questions_answered: 0, marks: 0, max_marks: 0 },
    ],
  }));
  const toMark = countCalls('getAnswersToMark', () => ({
    answers: [
      {
        id: 9,
        worksheet_id: 50,
        student_id: 21,
        student_name: 'Sam Reed',
        passage_id: 41,
        passage_title: 'The Kite',
        question_id: 300,
        question_num: 3,
        prompt: 'Why does Sam run?',
        guidance: 'The kite is about to land in the pond.',
        answer: 'To catch the kite before it lands in the pond.',
        max_marks: 2,
        marks: null,
        comment: null,
        submitted_at: '2030-03-02T10:00:00.000Z',
        marked_at: null,
      },
    ],
    page: 0,
    has_more: false,
  }));
  const app = renderApp(path);
  return { ...app, calls, toMark };
}

describe('a student’s page (teacher)', () => {
  it('shows the latest WPM and WCPM whatever the period, as the goal bar does (FG2)', async () => {
    // No recording in the period: the figures are still the newest recording's, not a dash beside the goal.
    await open(paths.teacher.students.getHref(21), async (info) => ({
      ...(await overview(info)),
      recordings: [],
    }));
    const summary = within(await screen.findByRole('region', { name: 'Sam Reed' }));
    expect(summary.getByText('Latest WCPM').previousElementSibling).toHaveTextContent('74');
    expect(summary.getByText('Latest WPM').previousElementSibling).toHaveTextContent('80');
    expect(screen.getByText('WCPM 74 of 90')).toBeInTheDocument();
  });

  it('shows the level, Lexile, speed and goal, the newest quizzes, and links to the report', async () => {
    const { calls } = await open(paths.teacher.students.getHref(21));
    expect(await screen.findByRole('heading', { name: 'Sam Reed', level: 2 })).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Sam Reed' }));
    expect(summary.getByText('Red band, series BR')).toBeInTheDocument();
    expect(summary.getByText('250L')).toBeInTheDocument();
    expect(await summary.findByText(/Classes: Maple/)).toBeInTheDocument();
    expect(screen.getByText('WCPM 74 of 90')).toBeInTheDocument();
    const books = within(screen.getByRole('region', { name: 'Books and quiz scores' }));
    expect(books.getByRole('cell', { name: 'The Kite' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the report' })).toHaveAttribute(
      'href',
      paths.teacher.studentReport.getHref(21),
    );
    expect(new URL(calls.requests[0]!.url).searchParams.get('student_id')).toBe('21');
  });

  it('lists this student’s written answers waiting for a mark, and only theirs', async () => {
    const { toMark } = await open(paths.teacher.students.getHref(21));
    const section = within(await screen.findByRole('region', { name: /Written answers to mark/ }));
    expect(await section.findByText('To catch the kite before it lands in the pond.')).toBeInTheDocument();
    expect(section.getByText(/Why does Sam run\?/)).toBeInTheDocument();
    expect(new URL(toMark.requests[0]!.url).searchParams.get('student_id')).toBe('21');
  });

  it('locks and unlocks signing in; a refusal is shown in the server’s words', async () => {
    const { user } = await open(paths.teacher.students.getHref(21));
    const lock = countCalls('lock', () => ({
      username: 'sam.reed',
      locked_until: '2030-03-02T10:15:00.000Z',
    }));
    await user.click(await screen.findByRole('button', { name: 'Lock sign-in' }));
    expect(await screen.findByText(/Sam Reed cannot sign in until/)).toBeInTheDocument();
    expect(await lock.requests[0]!.json()).toEqual({ username: 'sam.reed', locked: true });

    answer('lock', () => errorAnswer(404, 'not_found', 'No such student.'));
    await user.click(screen.getByRole('button', { name: 'Unlock sign-in' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Sign-in not changed');
    expect(refusal).toHaveTextContent('No such student.');
  });

  it('resets placement only after a confirmation saying what changes and what is kept', async () => {
    const { user } = await open(paths.teacher.students.getHref(21));
    const reset = countCalls('resetStudent', () => ({
      student_id: 21,
      series_id: 6,
      colour_band_id: null,
      placement_test_id: 5,
    }));
    await user.click(await screen.findByRole('button', { name: 'Reset placement…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset Sam Reed’s placement?' }));
    expect(dialog.getByText(/level \(Red band, series BR\) is cleared/)).toBeInTheDocument();
    expect(dialog.getByText(/they can open only that test/)).toBeInTheDocument();
    expect(
      dialog.getByText('Kept: their books, quiz scores, recordings, goals and coins.'),
    ).toBeInTheDocument();
    expect(reset.count()).toBe(0);

    answer('resetStudent', () =>
      errorAnswer(400, 'bad_request', 'body.starting_point: this series has no placement test yet', {
        'body.starting_point': 'this series has no placement test yet',
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Reset placement' }));
    expect(await dialog.findByText('this series has no placement test yet')).toBeInTheDocument();
  });

  it('places the student by hand with a reason', async () => {
    const { user } = await open(paths.teacher.students.getHref(21));
    const place = countCalls('placeStudent', () => ({
      student_id: 21,
      series_id: 6,
      colour_band_id: 5,
      placement_test_id: null,
    }));
    await user.click(await screen.findByRole('button', { name: 'Set level by hand…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set Sam Reed’s level' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Colour band' }), '5');
    await user.type(dialog.getByRole('textbox', { name: /Why/ }), 'Reads Green books easily');
    await user.click(dialog.getByRole('button', { name: 'Set the level' }));
    expect(await screen.findByText(/Sam Reed is now at/)).toBeInTheDocument();
    expect(await place.requests[0]!.json()).toEqual({
      series_id: 6,
      colour_band_id: 5,
      reason: 'Reads Green books easily',
    });
  });

  it('says so when the student is not the teacher’s (404)', async () => {
    await open(paths.teacher.students.getHref(99), () => errorAnswer(404, 'not_found', 'No such student.'));
    expect(await screen.findByText('This student could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('No such student.')).toBeInTheDocument();
  });
});

describe('a student’s report (teacher)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each section with its numbers: Lexile changes, recordings, quizzes and skills', async () => {
    await open(paths.teacher.studentReport.getHref(21));
    expect(await screen.findByRole('heading', { name: 'Reading report: Sam Reed' })).toBeInTheDocument();
    const lexile = within(screen.getByRole('region', { name: 'Estimated Lexile over time' }));
    expect(
      lexile.getByRole('row', {
        name: /190L Set to Rose band, series BR by a teacher: ‘Reads these with ease’/,
      }),
    ).toBeInTheDocument();
    expect(lexile.getByRole('row', { name: /250L Passed ‘The Kite’/ })).toBeInTheDocument();
    const fluency = within(screen.getByRole('region', { name: 'Reading aloud: speed over time' }));
    expect(fluency.getByText(/went from 52 to 74 \(goal 90\)/)).toBeInTheDocument();
    expect(fluency.getByRole('row', { name: /80 74 .* by a teacher/ })).toBeInTheDocument();
    const skills = within(await screen.findByRole('region', { name: 'Reading skills (learning outcomes)' }));
    expect(skills.getByRole('row', { name: 'Infer feelings 40% 5' })).toBeInTheDocument();
    const glance = within(screen.getByRole('region', { name: 'At a glance' }));
    expect(glance.getByText(/Find key details \(95%\)/)).toBeInTheDocument();
    expect(glance.getByText(/Infer feelings \(40%\)/)).toBeInTheDocument();
    const kinds = within(await screen.findByRole('region', { name: 'Results by kind of question' }));
    expect(kinds.getByRole('row', { name: 'Multiple choice 6 5 of 6 83%' })).toBeInTheDocument();
  });

  it('opens a quiz question by question, with who marked each answer', async () => {
    const { user } = await open(paths.teacher.studentReport.getHref(21));
    answer('getPassageQuestions', () => ({
      questions: [
        {
          id: 1,
          question_num: 1,
          question_type_id: 1,
          prompt: 'Who flew the kite?',
          options: ['Sam', 'Ann'],
          categories: [],
          max_marks: 1,
          answer: 'Ann',
          image_url: null,
          learning_outcome_ids: [],
          sub_questions: [],
        },
        {
          id: 2,
          question_num: 2,
          question_type_id: 3,
          prompt: 'Why was Ann happy?',
          options: [],
          categories: [],
          max_marks: 2,
          answer: null,
          image_url: null,
          learning_outcome_ids: [],
          sub_questions: [],
        },
      ],
    }));
    answer('getDiagnosticsSubmission', () => ({
      worksheet_id: 900,
      completed: true,
      submitted_at: '2030-03-02T10:00:00.000Z',
      total_score: 0,
      max_score: 3,
      score_percent: 0,
      passed: false,
      gradings: [
        {
          question_id: 1,
          question_num: 1,
          sub_question_num: 0,
          marks: 0,
          selected_option: 'Sam',
          time_taken: 5,
          max_marks: 1,
          awaiting_teacher: false,
          comment: null,
        },
        {
          question_id: 2,
          question_num: 2,
          sub_question_num: 0,
          marks: 0,
          selected_option: 'The sun came out',
          time_taken: 30,
          max_marks: 2,
          awaiting_teacher: true,
          comment: null,
        },
      ],
    }));
    await user.click(await screen.findByRole('button', { name: 'Question details of The Kite' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Quiz: The Kite' }));
    expect(
      await dialog.findByRole('row', { name: /^1 Who flew the kite\? Sam (Key: Ann )?Ann 0 of 1 the quiz$/ }),
    ).toBeInTheDocument();
    expect(
      dialog.getByRole('row', { name: /Why was Ann happy\? The sun came out .* waiting for a teacher/ }),
    ).toBeInTheDocument();
  });

  it('prints, and asks for another period with its start', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user, calls } = await open(paths.teacher.studentReport.getHref(21));
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('radio', { name: 'All time' }));
    await waitFor(() => expect(calls.count()).toBe(2));
    const [first, second] = calls.requests.map((request) => new URL(request.url).searchParams);
    expect(first!.get('start')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(second!.get('start')).toBeNull();
    expect(second!.get('student_id')).toBe('21');
  });
});

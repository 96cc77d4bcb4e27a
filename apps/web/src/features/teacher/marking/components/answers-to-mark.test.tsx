import type { Response, contracts } from '@readalong/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildClass } from '@/test/factories';
import { renderApp } from '@/test/render-app';

type AnswerToMark = Response<typeof contracts.getAnswersToMark>['answers'][number];

const CLASS = buildClass();
const buildAnswer = (overrides: Partial<AnswerToMark>): AnswerToMark => ({
  id: 1,
  worksheet_id: 50,
  student_id: 7,
  student_name: 'Mia Lopez',
  passage_id: 41,
  passage_title: 'The Red Kite',
  question_id: 300,
  question_num: 3,
  prompt: 'How does Sam feel at the end?',
  guidance: 'Happy: the kite flies again.',
  answer: 'He is happy because his dad got the kite down.',
  max_marks: 1,
  marks: null,
  comment: null,
  submitted_at: '2030-03-01T10:00:00.000Z',
  marked_at: null,
  ...overrides,
});
const MIA = buildAnswer({});
const BEN = buildAnswer({
  id: 2,
  worksheet_id: 51,
  student_id: 8,
  student_name: 'Ben Cho',
  answer: 'sad',
  submitted_at: '2030-03-02T10:00:00.000Z',
});

/** The class page with these answers waiting; each mark saved leaves the list, as on the server. */
async function openMarking(waiting: AnswerToMark[], marked = new Set<number>()) {
  await signedInAs({ login_role: 'teacher' });
  answer('listClasses', () => ({ classes: [CLASS] }));
  answer('getClassRecordings', () => ({ recordings: [] }));
  answer('getGoalSettings', () => ({ class_goal: null, goal_settings: [] }));
  const list = countCalls('getAnswersToMark', () => ({
    answers: waiting.filter((row) => !marked.has(row.id)),
    page: 0,
    has_more: false,
  }));
  const app = renderApp('/teacher/class');
  const section = within(await screen.findByRole('region', { name: /Written answers to mark/ }));
  return { ...app, section, list };
}

describe('answers to mark on the class page', () => {
  it('lists the class’s written answers with the question, the answer and the book; Save moves to the next', async () => {
    const marked = new Set<number>();
    const marks = countCalls('markAnswer', async (request) => {
      const body = (await request.json()) as { marks: number; comment: string | null };
      marked.add(MIA.id);
      return {
        answer: { ...MIA, marks: body.marks, comment: body.comment, marked_at: '2030-03-03T10:00:00.000Z' },
        score_percent: 87.5,
        passed: true,
      };
    });
    const { user, section, list } = await openMarking([MIA, BEN], marked);
    expect(new URL(list.requests[0]!.url).searchParams.get('class_id')).toBe(String(CLASS.id));
    expect(section.getByRole('heading', { name: 'Written answers to mark (2)' })).toBeInTheDocument();
    const mia = within(section.getByRole('article', { name: /Mia Lopez · “The Red Kite”/ }));
    expect(mia.getByText('How does Sam feel at the end?')).toBeInTheDocument();
    expect(mia.getByText('He is happy because his dad got the kite down.')).toBeInTheDocument();
    expect(mia.getByText('Happy: the kite flies again.')).toBeInTheDocument();

    // Keyboard only: type the mark, a comment, then Save.
    await user.click(mia.getByRole('textbox', { name: /Marks \(0–1\)/ }));
    await user.keyboard('0.5');
    await user.tab();
    await user.keyboard('Say more about why.');
    await user.tab();
    expect(mia.getByRole('button', { name: 'Save mark' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(marks.count()).toBe(1));
    expect(new URL(marks.requests[0]!.url).pathname).toMatch(/\/v1\/worksheets\/answers\/1\/mark$/);
    expect(await marks.requests[0]!.json()).toEqual({ marks: 0.5, comment: 'Say more about why.' });
    expect(await screen.findByText('Mark saved: Mia Lopez’s quiz is now 88%.')).toBeInTheDocument();
    // Marked, it leaves the list; the next answer's marks take the keyboard.
    await waitFor(() =>
      expect(section.queryByRole('article', { name: /Mia Lopez/ })).not.toBeInTheDocument(),
    );
    const ben = within(section.getByRole('article', { name: /Ben Cho/ }));
    await waitFor(() => expect(ben.getByRole('textbox', { name: /Marks/ })).toHaveFocus());
  });

  it('shows the server’s word on a bad mark beside the field, and keeps the answer', async () => {
    answer('markAnswer', () =>
      errorAnswer(400, 'bad_request', 'Check the marked fields.', {
        'body.marks': 'must be between 0 and 1',
      }),
    );
    const { user, section } = await openMarking([MIA]);
    await user.type(section.getByRole('textbox', { name: /Marks/ }), '1');
    await user.click(section.getByRole('button', { name: 'Save mark' }));
    expect(await section.findByText('must be between 0 and 1')).toBeInTheDocument();
    expect(section.getByRole('article', { name: /Mia Lopez/ })).toBeInTheDocument();
  });

  it('with nothing waiting, says where answers come from', async () => {
    const { section } = await openMarking([]);
    expect(section.getByRole('heading', { name: 'Written answers to mark (0)' })).toBeInTheDocument();
    expect(section.getByText(/answers a question in their own words/)).toBeInTheDocument();
  });
});

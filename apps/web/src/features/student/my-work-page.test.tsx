import { MistakeType, type Contracts, type Response } from '@readalong/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { countCalls } from '@/test/auth';
import { buildPassage, buildRecording as buildTestRecording } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import {
  buildAssignment,
  buildBook,
  buildFinishedBook,
  buildReadingOverview,
  signedInStudent,
} from './test-books';

type RecordingRow = Response<Contracts['getReadingOverview']>['recordings'][number];
type BuilderRow = Response<Contracts['getStudentSkillBuilders']>['skill_builders'][number];

const buildRecording = (overrides: Partial<RecordingRow> = {}): RecordingRow =>
  buildTestRecording({
    id: 61,
    student_name: 'Mia Lopez',
    worksheet_id: 801,
    passage_id: 31,
    passage_title: 'The Lost Kite',
    duration_ms: 60_000,
    created_at: '2030-03-02T10:00:00.000Z',
    ...overrides,
  });

const buildBuilder = (overrides: Partial<BuilderRow> = {}): BuilderRow => ({
  passage_id: 41,
  title: 'Finding the Main Idea',
  builder_type_id: 3,
  worksheet_id: null,
  assigned_at: null,
  completed_at: null,
  score_percent: null,
  wpm: null,
  ...overrides,
});

/** A student with nothing done yet; each test answers what it is about. */
async function openMyWork() {
  await signedInStudent();
  answer('listAssignments', () => ({ assignments: [] }));
  answer('listPassages', () => ({ passages: [] }));
  answer('getSubmittedPassages', () => ({ passages: [] }));
  answer('getReadingOverview', () => buildReadingOverview());
  answer('getStudentSkillBuilders', () => ({ skill_builders: [] }));
  answer('getStudentRateBuilders', () => ({ rate_builders: [] }));
}

describe('my work: books', () => {
  it('shows the books on the go and the finished ones with their quiz scores, each with a way back in', async () => {
    await openMyWork();
    answer('listPassages', () => ({
      passages: [
        buildBook({ id: 21, title: 'Kite Day', worksheet_id: 301, pages_completed: 3, num_pages: 8 }),
        buildBook({ id: 22, title: 'Big Blue Sea', worksheet_id: 302, pages_completed: 8, num_pages: 8 }),
        buildBook({ id: 23, title: 'Not Opened', worksheet_id: null }),
        buildBook({ id: 24, title: 'All Done', worksheet_id: 304, worksheet_completed: true }),
      ],
    }));
    answer('getSubmittedPassages', () => ({
      passages: [
        buildFinishedBook({ passage_id: 31, title: 'The Lost Kite', score_percent: 90, recording_id: 61 }),
        buildFinishedBook({ passage_id: 32, worksheet_id: 802, title: 'Owl Night', score_percent: 60 }),
      ],
    }));
    answer('listAssignments', () => ({
      assignments: [buildAssignment({ passage_title: 'Moon Garden', completed: true, worksheet_id: 810 })],
    }));
    renderApp(paths.student.myWork.getHref());

    const onTheGo = await screen.findByRole('region', { name: 'Keep going' });
    expect(await within(onTheGo).findByRole('link', { name: 'Keep reading: Kite Day' })).toHaveAttribute(
      'href',
      paths.book.read.getHref(21),
    );
    expect(within(onTheGo).getByText('Page 3 of 8')).toBeInTheDocument();
    expect(within(onTheGo).getByRole('link', { name: 'Take the quiz: Big Blue Sea' })).toHaveAttribute(
      'href',
      paths.book.quiz.getHref(22),
    );
    expect(within(onTheGo).queryByText('Not Opened')).not.toBeInTheDocument();
    expect(within(onTheGo).queryByText('All Done')).not.toBeInTheDocument();

    const finished = screen.getByRole('region', { name: 'Finished books' });
    const kite = await within(finished).findByRole('listitem', { name: 'The Lost Kite' });
    expect(within(kite).getByText('Quiz: 90%')).toBeInTheDocument();
    expect(within(kite).getByText('You sent a recording of this book.')).toBeInTheDocument();
    expect(within(kite).getByRole('link', { name: 'Read again: The Lost Kite' })).toHaveAttribute(
      'href',
      paths.book.read.getHref(31),
    );
    expect(within(finished).getByText('Quiz: 60%')).toBeInTheDocument();

    const fromTeacher = screen.getByRole('region', { name: 'From your teacher' });
    expect(await within(fromTeacher).findByText('Done')).toBeInTheDocument();
  });

  it('says what will appear when nothing is started or finished yet', async () => {
    await openMyWork();
    renderApp(paths.student.myWork.getHref());

    expect(await screen.findByText('No finished books yet')).toBeInTheDocument();
    expect(screen.getByText('No books on the go. Pick one in Power builders to start!')).toBeInTheDocument();
    expect(screen.getByText('No books from your teacher yet.')).toBeInTheDocument();
  });
});

describe('my work: recordings', () => {
  it('shows the teacher’s feedback on a graded recording and tells the server it was seen', async () => {
    await openMyWork();
    answer('getReadingOverview', () =>
      buildReadingOverview({
        recordings: [
          buildRecording({
            id: 62,
            passage_title: 'Owl Night',
            grading_completed: true,
            comment: 'Lovely expression!',
            wpm: 84.6,
            accuracy: 96,
          }),
          buildRecording({ id: 61, passage_title: 'The Lost Kite' }),
          buildRecording({ id: 60, passage_title: 'Old Map', grading_completed: true, grading_viewed: true }),
        ],
      }),
    );
    const viewed = countCalls('markRecordingViewed', () => ({ success: true }));
    const { user } = renderApp(paths.student.myWork.getHref());

    await user.click(await screen.findByRole('tab', { name: 'Recordings' }));

    const owl = await screen.findByRole('listitem', { name: 'Owl Night' });
    expect(within(owl).getByText('Lovely expression!')).toBeInTheDocument();
    expect(within(owl).getByText('You read 85 words a minute.')).toBeInTheDocument();
    expect(within(owl).getByText('You read 96% of the words just right.')).toBeInTheDocument();
    expect(within(owl).getByText('New')).toBeInTheDocument();
    const kite = screen.getByRole('listitem', { name: 'The Lost Kite' });
    expect(within(kite).getByText('Waiting for your teacher')).toBeInTheDocument();
    await waitFor(() => expect(viewed.count()).toBe(1));
    expect(viewed.requests[0]!.url).toContain('/v1/worksheets/recording/62/view');
  });

  it('opens a graded recording’s marks on the words of the book', async () => {
    await openMyWork();
    answer('getReadingOverview', () =>
      buildReadingOverview({
        recordings: [
          buildRecording({
            id: 62,
            passage_id: 41,
            passage_title: 'Owl Night',
            grading_completed: true,
            wcpm: 70,
          }),
        ],
      }),
    );
    answer('getPassage', () => buildPassage(['The owl sat still.', 'Then it flew away.']));
    answer('markRecordingViewed', () => ({ success: true }));
    answer('getMistakes', () => ({
      recording_id: 62,
      mistakes: [
        { word_index: 1, type: MistakeType.Mispronunciation },
        { word_index: 5, type: MistakeType.Insertion },
      ],
      num_mistakes: 2,
      last_word_index: null,
    }));
    const { user } = renderApp(paths.student.myWork.getHref());

    await user.click(await screen.findByRole('tab', { name: 'Recordings' }));
    await user.click(await screen.findByRole('button', { name: 'See your marks and listen' }));

    const marks = await screen.findByRole('dialog', { name: 'Your reading of “Owl Night”' });
    expect(await within(marks).findByText('owl')).toHaveTextContent('owl (mispronunciation)');
    expect(within(marks).getByText(/a word added before “it”/)).toBeInTheDocument();
    expect(within(marks).getByText('words right a minute').previousSibling).toHaveTextContent('70');
  });

  it('does not play a stale signed link: the list is asked again for a fresh one', async () => {
    await openMyWork();
    const link = (expires: number) => `/api/files/recordings/7/take.webm?expires=${expires}&signature=abc`;
    const stale = link(Math.floor(Date.now() / 1000) + 60);
    const fresh = link(Math.floor(Date.now() / 1000) + 6 * 60 * 60);
    let asked = 0;
    answer('getReadingOverview', () => {
      asked += 1;
      return buildReadingOverview({
        recordings: [
          buildRecording({
            id: 62,
            passage_title: 'Owl Night',
            grading_completed: true,
            grading_viewed: true,
            file_url: asked === 1 ? stale : fresh,
          }),
        ],
      });
    });
    answer('getPassage', () => buildPassage(['The owl sat still.']));
    answer('getMistakes', () => ({ recording_id: 62, mistakes: [], num_mistakes: 0, last_word_index: null }));
    const { user } = renderApp(paths.student.myWork.getHref());

    await user.click(await screen.findByRole('tab', { name: 'Recordings' }));
    await user.click(await screen.findByRole('button', { name: 'See your marks and listen' }));

    const player = await screen.findByLabelText('Your recording');
    expect(player).toHaveAttribute('src', fresh);
    expect(asked).toBe(2);
  });

  it('explains recordings when there are none', async () => {
    await openMyWork();
    const { user } = renderApp(paths.student.myWork.getHref());

    await user.click(await screen.findByRole('tab', { name: 'Recordings' }));

    expect(await screen.findByText('No recordings yet')).toBeInTheDocument();
  });
});

describe('my work: skill and rate builders', () => {
  it('lists the student’s own skill builders with where each came from, linking to each', async () => {
    await openMyWork();
    const requests = countCalls('getStudentSkillBuilders', () => ({
      skill_builders: [
        buildBuilder({
          passage_id: 41,
          title: 'Main Idea',
          completed_at: '2030-03-01T10:00:00Z',
          score_percent: 100,
        }),
        buildBuilder({ passage_id: 42, title: 'Word Clues', assigned_at: '2030-03-01T10:00:00Z' }),
        buildBuilder({ passage_id: 43, title: 'Story Order' }),
      ],
    }));
    const { user } = renderApp(paths.student.myWork.getHref());

    await user.click(await screen.findByRole('tab', { name: 'Skill builders' }));

    const done = await screen.findByRole('listitem', { name: 'Main Idea' });
    expect(within(done).getByText('Score: 100%')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Practise again: Main Idea' })).toHaveAttribute(
      'href',
      paths.skillBuilder.getHref(41),
    );
    expect(
      within(screen.getByRole('listitem', { name: 'Word Clues' })).getByText('From your teacher'),
    ).toBeInTheDocument();
    const suggested = screen.getByRole('listitem', { name: 'Story Order' });
    expect(within(suggested).getByText('Picked for you')).toBeInTheDocument();
    expect(within(suggested).getByRole('link', { name: 'Start: Story Order' })).toHaveAttribute(
      'href',
      paths.skillBuilder.getHref(43),
    );
    expect(requests.requests[0]!.url).toContain('/v1/students/7/skill-builders');
  });

  it('shows the speed reached on each rate builder and links to it', async () => {
    await openMyWork();
    answer('getStudentRateBuilders', () => ({
      rate_builders: [
        buildBuilder({ passage_id: 51, title: 'Fast Fox', builder_type_id: 4, worksheet_id: 9, wpm: 72.2 }),
      ],
    }));
    const { user } = renderApp(paths.student.myWork.getHref());

    await user.click(await screen.findByRole('tab', { name: 'Rate builders' }));

    const fox = await screen.findByRole('listitem', { name: 'Fast Fox' });
    expect(within(fox).getByText('Your speed: 72 words a minute')).toBeInTheDocument();
    expect(within(fox).getByRole('link', { name: 'Keep going: Fast Fox' })).toHaveAttribute(
      'href',
      paths.book.rateBuilder.getHref(51),
    );
  });
});

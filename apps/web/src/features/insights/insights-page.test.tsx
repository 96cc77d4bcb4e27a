import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildClass } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import { textOf, watchSaves } from '@/test/saved-files';

const maple = buildClass({ id: 3, name: 'Grade 3 Maple' });
const zero = {
  minutes_reading: 0,
  pages_read: 0,
  books_completed: 0,
  quizzes_submitted: 0,
  recordings_submitted: 0,
};

/** Answers the insights calls, recording each query string the page sent. */
function answerInsights({ totalStudents = 12 } = {}) {
  const sent: Record<string, URLSearchParams[]> = { totals: [], activity: [], bands: [] };
  answer('listClasses', () => ({ classes: [maple] }));
  answer('getInsights', (request) => {
    sent.totals!.push(new URL(request.url).searchParams);
    return {
      ...zero,
      minutes_reading: 95.5,
      books_completed: 7,
      quizzes_submitted: 9,
      active_students: 5,
      total_students: totalStudents,
      average_score_percent: 81.25,
      average_wpm: 70,
      average_wcpm: 64.4,
      recordings_graded: 2,
      recordings_waiting: 3,
      fluency: [
        { from: 40, to: 60, wpm_students: 1, wcpm_students: 2 },
        { from: 60, to: 80, wpm_students: 2, wcpm_students: 1 },
      ],
    };
  });
  answer('getClassActivity', (request) => {
    sent.activity!.push(new URL(request.url).searchParams);
    return {
      days: [
        { date: '2030-03-01', ...zero, active_students: 2, books_completed: 1, minutes_reading: 20.4 },
        { date: '2030-03-02', ...zero, active_students: 4, books_completed: 3 },
      ],
    };
  });
  answer('getStudentColourBandBySeries', (request) => {
    sent.bands!.push(new URL(request.url).searchParams);
    return {
      rows: [
        { series_id: 6, series_name: 'BR', colour_band_id: 4, colour_band_name: 'red', student_count: 8 },
        { series_id: 1, series_name: 'A', colour_band_id: 7, colour_band_name: 'brown', student_count: 3 },
      ],
      unplaced_count: 1,
    };
  });
  return sent;
}

afterEach(() => vi.restoreAllMocks());

describe('insights', () => {
  it('shows the totals, the days and the levels of the caller’s scope with their numbers', async () => {
    await signedInAs({ login_role: 'owner' });
    answerInsights();
    renderApp('/insights');
    expect(await screen.findByText('5 of 12')).toBeInTheDocument();
    expect(screen.getByText('96')).toBeInTheDocument(); // minutes read, rounded
    expect(screen.getByText('81%')).toBeInTheDocument();
    expect(
      await screen.findByText(
        /4 books completed in the last 28 days; the busiest day was (2 Mar|Mar 2) with 4 active/,
      ),
    ).toBeInTheDocument();
    const levels = await screen.findByRole('table', { name: 'Students by level, in numbers' });
    expect(
      within(levels)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SeriesColour bandStudents', 'BRred8', 'Abrown3']);
    expect(screen.getByText(/1 not placed yet/)).toBeInTheDocument();
  });

  it('sends the class and period picked, and downloads the days as a CSV', async () => {
    await signedInAs({ login_role: 'teacher' });
    const sent = answerInsights();
    const { user } = renderApp('/insights');
    await screen.findByText('5 of 12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), 'Grade 3 Maple');
    await waitFor(() => expect(sent.totals!.at(-1)!.get('class_id')).toBe('3'));
    expect(sent.bands!.at(-1)!.get('class_id')).toBe('3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days');
    await waitFor(() => {
      const query = sent.activity!.at(-1)!;
      expect((Date.parse(query.get('end')!) - Date.parse(query.get('start')!)) / 86_400_000).toBe(6);
    });
    const saves = watchSaves();
    await user.click(await screen.findByRole('button', { name: 'Download day by day (CSV)' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.name).toMatch(/^reading-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await textOf(saves[0]!.blob)).toBe(
      'Date,Active students,Minutes read,Books completed,Quizzes,Recordings\n' +
        '2030-03-01,2,20,1,0,0\n2030-03-02,4,0,3,0,0\n',
    );
  });

  it('scopes a department head’s figures to the school picked in the address', async () => {
    await signedInAs({ login_role: 'department_head' });
    const sent = answerInsights();
    renderApp('/insights?school_id=2');
    await screen.findByText('5 of 12');
    expect(sent.totals!.at(-1)!.get('school_id')).toBe('2');
    expect(sent.activity!.at(-1)!.get('school_id')).toBe('2');
    expect(sent.bands!.at(-1)!.get('school_id')).toBe('2');
  });

  it('says what to do when the scope has no students yet', async () => {
    await signedInAs({ login_role: 'owner' });
    answerInsights({ totalStudents: 0 });
    renderApp('/insights');
    expect(await screen.findByText('No students here yet')).toBeInTheDocument();
    expect(screen.getByText(/Add students to a class under Manage/)).toBeInTheDocument();
  });
});

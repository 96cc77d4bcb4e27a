import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { buildClass, buildStudentReadingRow } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import { textOf, watchSaves } from '@/test/saved-files';
import { pageOf, type ReadingRow } from './api/insights';

const maple = buildClass({ id: 3, name: 'Grade 3 Maple' });
const zero = {
  minutes_reading: 0,
  pages_read: 0,
  books_completed: 0,
  quizzes_submitted: 0,
  recordings_submitted: 0,
};

const reader = (first: string, last: string, figures: Partial<ReadingRow> = {}): ReadingRow =>
  buildStudentReadingRow({
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    username: `${first}.${last}`.toLowerCase(),
    ...figures,
  });

/** Answers the insights calls, recording each query string the page sent, by call. */
function answerInsights({ totalStudents = 12 } = {}) {
  const sent: Record<string, URLSearchParams[]> = {};
  const record = (name: string, request: Request) =>
    (sent[name] ??= []).push(new URL(request.url).searchParams);
  answer('listClasses', () => ({ classes: [maple] }));
  answer('getInsights', (request) => {
    record('totals', request);
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
    record('activity', request);
    return {
      days: [
        { date: '2030-03-01', ...zero, active_students: 2, books_completed: 1, minutes_reading: 20.4 },
        { date: '2030-03-02', ...zero, active_students: 4, books_completed: 3 },
      ],
    };
  });
  answer('getStudentColourBandBySeries', (request) => {
    record('bands', request);
    return {
      rows: [
        { series_id: 6, series_name: 'BR', colour_band_id: 4, colour_band_name: 'red', student_count: 8 },
        { series_id: 1, series_name: 'A', colour_band_id: 7, colour_band_name: 'brown', student_count: 3 },
      ],
      unplaced_count: 1,
    };
  });
  answer('getLevelProgression', (request) => {
    record('levels', request);
    const page = Number(new URL(request.url).searchParams.get('page'));
    return {
      reasons: [
        { reason: 'level_up', change_count: 60, student_count: 40 },
        { reason: 'level_down', change_count: 3, student_count: 2 },
      ],
      level_changes: [
        {
          student_id: 7,
          student_name: page === 0 ? 'Dana Okafor' : 'Sam Lee',
          school_id: 1,
          from_series_id: 6,
          from_colour_band_id: 4,
          to_series_id: 6,
          to_colour_band_id: 5,
          reason: 'level_up',
          detail: '5 passes at 80% or more',
          changed_by: null,
          changed_at: '2030-03-02T10:00:00.000Z',
        },
      ],
      page,
      limit: 50,
      total: 63,
    };
  });
  const weeks = (books: number) =>
    [0, 1].map((week) => ({
      ...zero,
      week_start: `2030-03-0${week * 7 + 1}`,
      active_students: 2,
      books_completed: books,
      minutes_reading: 30,
    }));
  answer('getWeeklyActivity', (request) => {
    record('weekly', request);
    return {
      classes: [{ class_id: 3, name: 'Grade 3 Maple', school_id: 1, student_count: 9, weeks: weeks(2) }],
      page: 0,
      has_more: false,
    };
  });
  answer('getClassWeeklyActivity', (request) => {
    record('class weekly', request);
    return { class_id: 3, name: 'Grade 3 Maple', school_id: 1, student_count: 9, weeks: weeks(5) };
  });
  answer('getClassesReadingOverviewPaginated', (request) => {
    record('overview', request);
    return {
      students: [
        reader('Ava', 'Brooks', { books_completed: 3, minutes_reading: 40.4, average_score_percent: 90 }),
        reader('Kofi', 'Asante', { books_completed: 1, minutes_reading: 9 }),
      ],
      page: Number(new URL(request.url).searchParams.get('page')),
      limit: 50,
      total: 120,
    };
  });
  answer('getClassesReadingOverview', (request) => {
    record('class overview', request);
    return {
      students: [
        reader('Mia', 'Zane', { minutes_reading: 5 }),
        reader('Leo', 'Adams', { minutes_reading: 50 }),
        reader('Ann', 'Moss'),
      ],
    };
  });
  answer('getLearningOutcomePerformance', (request) => {
    record('skills', request);
    return {
      learning_outcome_performances: [
        {
          learning_outcome_id: 1,
          topic_id: 1,
          name: 'Find the main idea',
          topic_group_id: 1,
          score_percent: 45,
          questions_answered: 10,
          students_answered: 4,
        },
        {
          learning_outcome_id: 2,
          topic_id: 1,
          name: 'Describe the setting',
          topic_group_id: 1,
          score_percent: 92,
          questions_answered: 6,
          students_answered: 3,
        },
        {
          learning_outcome_id: 3,
          topic_id: 2,
          name: 'Opposites',
          topic_group_id: 2,
          score_percent: null,
          questions_answered: 0,
          students_answered: 0,
        },
      ],
    };
  });
  answer('getTopics', () => ({
    topic_groups: [
      { id: 1, name: 'Comprehension' },
      { id: 2, name: 'Vocabulary' },
    ],
    topics: [],
    learning_outcomes: [],
  }));
  return sent;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim()));

afterEach(() => vi.restoreAllMocks());

describe('insights', () => {
  it('opens on the totals and the days of the caller’s scope, with the numbers behind a toggle', async () => {
    await signedInAs({ login_role: 'owner' });
    answerInsights();
    const { user } = renderApp('/insights');
    expect(await screen.findByRole('group', { name: 'Active students' })).toHaveTextContent('5 of 12');
    expect(screen.getByRole('group', { name: 'Minutes read' })).toHaveTextContent('96');
    expect(screen.getByRole('group', { name: 'Average quiz score' })).toHaveTextContent('81%');
    expect(
      await screen.findByText(
        /4 books completed in the last 28 days; the busiest day was (2 Mar|Mar 2) with 4 active/,
      ),
    ).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Sections of insights' });
    expect(within(sections).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    const days = screen.getByRole('region', { name: 'Reading day by day' });
    await user.click(within(days).getByRole('button', { name: 'Show the numbers' }));
    expect(rowsOf(within(days).getByRole('table'))).toEqual([
      ['Date', 'Active students', 'Minutes read', 'Books completed', 'Quizzes', 'Recordings'],
      ['2030-03-01', '2', '20', '1', '0', '0'],
      ['2030-03-02', '4', '0', '3', '0', '0'],
    ]);
    expect(within(days).getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('sends the class and period picked, keeps them in the address, and downloads the days as a CSV', async () => {
    await signedInAs({ login_role: 'teacher' });
    const sent = answerInsights();
    const { user, router } = renderApp('/insights');
    await screen.findByRole('group', { name: 'Active students' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), 'Grade 3 Maple');
    await waitFor(() => expect(sent.totals!.at(-1)!.get('class_id')).toBe('3'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days');
    await waitFor(() => {
      const query = sent.activity!.at(-1)!;
      expect((Date.parse(query.get('end')!) - Date.parse(query.get('start')!)) / 86_400_000).toBe(6);
    });
    expect(router.state.location.search).toBe('?class=3&period=7');
    const saves = watchSaves();
    const days = screen.getByRole('region', { name: 'Reading day by day' });
    await user.click(within(days).getByRole('button', { name: 'Download CSV of reading day by day' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.name).toMatch(/^reading-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await textOf(saves[0]!.blob)).toBe(
      'Date,Active students,Minutes read,Books completed,Quizzes,Recordings\n' +
        '2030-03-01,2,20,1,0,0\n2030-03-02,4,0,3,0,0\n',
    );
  });

  it('scopes every call of every section to a department head’s school picked in the address', async () => {
    await signedInAs({ login_role: 'department_head' });
    const sent = answerInsights();
    answer('getStaticSchools', () => ({ schools: [{ id: 2, name: 'Hillside', district_id: 1 }] }));
    const { user } = renderApp('/insights?school_id=2');
    await screen.findByRole('group', { name: 'Active students' });
    const sections = screen.getByRole('navigation', { name: 'Sections of insights' });
    const headings = {
      Levels: 'Students by level',
      'Week by week': 'Each class, week by week',
      Students: 'Reading of each student, last 28 days',
      Skills: 'Comprehension, last 28 days',
    };
    for (const [section, heading] of Object.entries(headings)) {
      await user.click(within(sections).getByRole('link', { name: section }));
      await screen.findByRole('heading', { name: heading });
    }
    for (const call of ['totals', 'activity', 'bands', 'levels', 'weekly', 'overview', 'skills'])
      expect(sent[call]!.at(-1)!.get('school_id'), call).toBe('2');
  });

  it('says what to do when the scope has no students yet', async () => {
    await signedInAs({ login_role: 'owner' });
    answerInsights({ totalStudents: 0 });
    renderApp('/insights');
    expect(await screen.findByText('No students here yet')).toBeInTheDocument();
    expect(screen.getByText(/Add students to a class under Manage/)).toBeInTheDocument();
  });
});

describe('insights: levels', () => {
  it('shows the students by level, the reasons of the changes and each change, a page at a time', async () => {
    await signedInAs({ login_role: 'owner' });
    const sent = answerInsights();
    const { user } = renderApp('/insights?section=levels');
    expect(await screen.findByText(/^11 students placed/)).toBeInTheDocument();
    expect(screen.getByText(/1 not placed yet/)).toBeInTheDocument();
    expect(
      await screen.findByText(
        '63 level changes in the last 28 days: 40 students moved up a band and 2 moved down.',
      ),
    ).toBeInTheDocument();
    const changes = screen.getByRole('table', { name: /Level changes 1–1 of 63/ });
    expect(within(changes).getByRole('rowheader')).toHaveTextContent('Dana Okafor');
    expect(within(changes).getAllByRole('cell')[0]).toHaveTextContent(
      'Red band, series BR → Orange band, series BR',
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Sam Lee')).toBeInTheDocument();
    expect(sent.levels!.at(-1)!.get('page')).toBe('1');
  });
});

describe('insights: week by week', () => {
  it('draws each class’s weeks, and the picked class alone', async () => {
    await signedInAs({ login_role: 'owner' });
    const sent = answerInsights();
    const { user } = renderApp('/insights?section=weekly');
    expect(
      await screen.findByText(/9 students; over 2 weeks 4 books completed, 60 minutes read/),
    ).toBeInTheDocument();
    expect(sent.weekly!.at(-1)!.get('all')).toBe('true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), 'Grade 3 Maple');
    expect(await screen.findByText(/over 2 weeks 10 books completed/)).toBeInTheDocument();
    expect(sent['class weekly']).toHaveLength(1);
  });
});

describe('insights: reading of each student', () => {
  it('searches, sorts and pages through the address, and downloads the rows shown', async () => {
    await signedInAs({ login_role: 'owner' });
    const sent = answerInsights();
    const { user, router } = renderApp('/insights?section=students');
    const table = await screen.findByRole('table', { name: /Students 1–2 of 120/ });
    await user.type(screen.getByRole('textbox', { name: 'Find a student' }), 'av');
    await waitFor(() => expect(sent.overview!.at(-1)!.get('search')).toBe('av'));
    const minutes = screen.getByRole('columnheader', { name: /Minutes/ });
    expect(minutes).toHaveAttribute('aria-sort', 'none');
    await user.click(within(minutes).getByRole('button'));
    await waitFor(() => expect(minutes).toHaveAttribute('aria-sort', 'descending'));
    // The header shows the address's sort at once; the request for it follows.
    await waitFor(() => expect(sent.overview!.at(-1)!.get('sort')).toBe('minutes_reading'));
    expect(sent.overview!.at(-1)!.get('order')).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(sent.overview!.at(-1)!.get('page')).toBe('2'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('av');

    const saves = watchSaves();
    await user.click(screen.getByRole('button', { name: 'Download these students (CSV)' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    const csv = (await textOf(saves[0]!.blob)).trim().split('\n');
    expect(csv[0]).toBe('Student,Username,Level,Books,Minutes,Quiz average,WPM,WCPM,Lexile');
    expect(csv[1]).toBe('Ava Brooks,ava.brooks,"Red band, series BR",3,40,90%,—,—,—');
    expect(rowsOf(table)[1]).toEqual([
      'Ava Brooks',
      'ava.brooks',
      'Red band, series BR',
      '3',
      '40',
      '90%',
      '—',
      '—',
      '—',
    ]);
  });

  it('opens with the search, sort and page of a link', async () => {
    await signedInAs({ login_role: 'owner' });
    const sent = answerInsights();
    renderApp('/insights?section=students&search=kofi&sort=books_completed&order=asc&page=2');
    expect(await screen.findByRole('textbox', { name: 'Find a student' })).toHaveValue('kofi');
    await waitFor(() => expect(sent.overview).toHaveLength(1));
    const query = sent.overview![0]!;
    expect([query.get('search'), query.get('sort'), query.get('order'), query.get('page')]).toEqual([
      'kofi',
      'books_completed',
      'asc',
      '1',
    ]);
    expect(await screen.findByRole('columnheader', { name: /Books/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('lists the picked class’s students, searched and sorted the same way', async () => {
    await signedInAs({ login_role: 'teacher' });
    const sent = answerInsights();
    renderApp('/insights?section=students&class=3&sort=minutes_reading&order=desc');
    const table = await screen.findByRole('table', { name: /Students 1–3 of 3/ });
    expect(rowsOf(table).map((row) => row[0])).toEqual(['Student', 'Leo Adams', 'Mia Zane', 'Ann Moss']);
    expect(sent['class overview']![0]!.get('class_ids')).toBe('3');
  });
});

describe('pageOf (IN8 for one class)', () => {
  const students = [
    reader('Mia', 'Zane', { average_score_percent: 70 }),
    reader('Leo', 'Adams'),
    reader('Ann', 'Moss', { average_score_percent: 90 }),
  ];
  it('puts students without the figure last whichever the order, ties by name', () => {
    const names = (order: 'asc' | 'desc') =>
      pageOf(students, { search: '', sort: 'average_score_percent', order, page: 0 }).students.map(
        (student) => student.first_name,
      );
    expect(names('desc')).toEqual(['Ann', 'Mia', 'Leo']);
    expect(names('asc')).toEqual(['Mia', 'Ann', 'Leo']);
  });
  it('matches part of a name or username, in any case', () => {
    const found = pageOf(students, { search: 'ADA', sort: 'name', order: 'asc', page: 0 });
    expect(found.students.map((student) => student.username)).toEqual(['leo.adams']);
    expect(found.total).toBe(1);
  });
});

describe('insights: skills', () => {
  it('scores each topic group’s skills, naming the weakest and the strongest', async () => {
    await signedInAs({ login_role: 'owner' });
    answerInsights();
    renderApp('/insights?section=skills');
    expect(
      await screen.findByText(
        '2 skills answered; the weakest is “Find the main idea” at 45%, the strongest “Describe the setting” at 92%. Green bars are at the pass mark (80%) or above.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vocabulary, last 28 days' })).toBeInTheDocument();
    expect(screen.getByText('No answer to these skills was marked in the period.')).toBeInTheDocument();
  });
});

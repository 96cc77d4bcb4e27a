import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { answer } from '@/test/api-mocks';
import { signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { textOf, watchSaves } from '@/test/saved-files';

const SCHOOLS = [
  { id: 1, name: 'Willow Creek', district_id: 1, student_count: 40, teacher_count: 3, class_count: 2 },
  { id: 2, name: 'Harbour View', district_id: 1, student_count: 10, teacher_count: 1, class_count: 1 },
];
/** Each school's figures as the calls answer them, by school id. */
const FIGURES = {
  1: { students: 40, active: 25, books: 120, ups: 12, downs: 2, waiting: 3, used: 40, seats: 50 },
  2: { students: 10, active: 9, books: 300, ups: 1, downs: 3, waiting: 11, used: 10, seats: 0 },
} as const;
const zero = { minutes_reading: 0, pages_read: 0, quizzes_submitted: 0, recordings_submitted: 0 };

/** Answers the district's calls, keeping the school each figure was asked for. */
function answerDistrict() {
  const asked: string[] = [];
  const of = (request: Request, call: string) => {
    const query = new URL(request.url).searchParams;
    asked.push(`${call}:${query.get('school_id')}`);
    return FIGURES[Number(query.get('school_id')) as 1 | 2];
  };
  answer('listSchools', () => ({ schools: SCHOOLS }));
  answer('getStudentCount', (request) => {
    const school = of(request, 'count');
    return { student_count: school.students, active_student_count: school.active, class_count: 1 };
  });
  answer('getInsights', (request) => {
    const school = of(request, 'insights');
    return {
      ...zero,
      books_completed: school.books,
      active_students: 0,
      total_students: school.students,
      average_score_percent: null,
      average_wpm: null,
      average_wcpm: null,
      recordings_graded: 0,
      recordings_waiting: school.waiting,
      fluency: [],
    };
  });
  answer('getLevelProgression', (request) => {
    const school = of(request, 'levels');
    return {
      reasons: [
        { reason: 'level_up', change_count: school.ups, student_count: school.ups },
        { reason: 'level_down', change_count: school.downs, student_count: school.downs },
        { reason: 'placement', change_count: 30, student_count: 30 },
      ],
      level_changes: [],
      page: 0,
      limit: 50,
      total: school.ups + school.downs + 30,
    };
  });
  answer('getLicensePackUsage', (request) => {
    const school = of(request, 'seats');
    return {
      school_id: 1,
      seats_total: school.seats,
      seats_used: school.used,
      seats_free: Math.max(0, school.seats - school.used),
      next_end_date: null,
    };
  });
  return asked;
}

async function openOverview() {
  await signedInAs({ login_role: 'department_head' });
  answer('getStaticSchools', () => ({ schools: SCHOOLS }));
  const asked = answerDistrict();
  const rendered = renderApp(paths.district.root.getHref());
  const table = await screen.findByRole('table', { name: 'Your schools' });
  return { ...rendered, table, asked };
}

const schoolOrder = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getAllByRole('link')[0]!.textContent);

afterEach(() => vi.restoreAllMocks());

describe('district overview', () => {
  it('shows each school’s figures, each asked for that school', async () => {
    const { table, asked } = await openOverview();
    const willow = within(table).getByRole('row', { name: /Willow Creek/ });
    expect(willow).toHaveTextContent('25 of 40');
    expect(willow).toHaveTextContent('120');
    // Ten bands up net over 40 students; placements are not gains.
    expect(willow).toHaveTextContent('+0.25');
    expect(willow).toHaveTextContent('40 of 50');
    const harbour = within(table).getByRole('row', { name: /Harbour View/ });
    expect(harbour).toHaveTextContent('-0.20');
    expect(harbour).toHaveTextContent('10 (no active pack)');
    expect(
      screen.getByText(/2 schools, 50 students: 34 read in the last 7 days and 420 books/),
    ).toBeInTheDocument();
    for (const call of ['count', 'insights', 'levels', 'seats'])
      expect(asked.filter((entry) => entry.startsWith(call)).sort()).toEqual([`${call}:1`, `${call}:2`]);
  });

  it('sorts by a column both ways, saying so with aria-sort', async () => {
    const { user, table } = await openOverview();
    expect(schoolOrder(table)).toEqual(['Harbour View', 'Willow Creek']);
    const books = within(table).getByRole('columnheader', { name: /Books read/ });
    await user.click(within(books).getByRole('button'));
    expect(books).toHaveAttribute('aria-sort', 'descending');
    expect(schoolOrder(table)).toEqual(['Harbour View', 'Willow Creek']);
    await user.click(within(books).getByRole('button'));
    expect(books).toHaveAttribute('aria-sort', 'ascending');
    expect(schoolOrder(table)).toEqual(['Willow Creek', 'Harbour View']);
    const students = within(table).getByRole('columnheader', { name: /^Students/ });
    await user.click(within(students).getByRole('button'));
    expect(schoolOrder(table)).toEqual(['Willow Creek', 'Harbour View']);
    expect(books).toHaveAttribute('aria-sort', 'none');
  });

  it('drills down to a school’s insights and management with the school picked', async () => {
    const { table } = await openOverview();
    expect(within(table).getByRole('link', { name: 'Harbour View' })).toHaveAttribute(
      'href',
      '/insights?school_id=2',
    );
    expect(within(table).getByRole('link', { name: 'Manage Harbour View' })).toHaveAttribute(
      'href',
      '/manage/school?school_id=2',
    );
  });

  it('downloads the table as CSV, in the order shown', async () => {
    const saved = watchSaves();
    const { user } = await openOverview();
    await user.click(screen.getByRole('button', { name: 'Download schools (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^district-schools-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await textOf(saved[0]!.blob)).trim().split('\n');
    expect(lines[0]).toMatch(/^School,Students,"?Active readers, last 7 days/);
    expect(lines[1]).toBe('Harbour View,10,9,300,-0.2,11,10 (no active pack)');
    expect(lines[2]).toBe('Willow Creek,40,25,120,0.25,3,40 of 50');
  });

  it('says what to do when the district has no schools', async () => {
    await signedInAs({ login_role: 'department_head' });
    answer('getStaticSchools', () => ({ schools: [] }));
    answer('listSchools', () => ({ schools: [] }));
    renderApp(paths.district.root.getHref());
    expect(await screen.findByText('No schools in your district yet')).toBeInTheDocument();
  });
});

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
/** The district's figures as GET /v1/districts/overview answers them (IN11). */
const OVERVIEW = {
  start: '2026-06-18',
  end: '2026-09-15',
  schools: [
    { school_id: 2, name: 'Harbour View', student_count: 10, active_student_count: 9, books_completed: 300 },
    { school_id: 1, name: 'Willow Creek', student_count: 40, active_student_count: 25, books_completed: 120 },
  ].map((school) => ({
    ...school,
    ...(school.school_id === 1
      ? {
          level_ups: 12,
          level_downs: 2,
          average_level_gain: 0.25,
          recordings_waiting: 3,
          seats_used: 40,
          seats_total: 50,
        }
      : {
          level_ups: 1,
          level_downs: 3,
          average_level_gain: -0.2,
          recordings_waiting: 11,
          seats_used: 10,
          seats_total: 0,
        }),
  })),
};

/** Answers the district's calls, counting the overview's requests. */
function answerDistrict() {
  const asked: string[] = [];
  answer('listSchools', () => ({ schools: SCHOOLS }));
  answer('getDistrictOverview', (request) => {
    asked.push(new URL(request.url).search);
    return OVERVIEW;
  });
  return asked;
}

async function openOverview(href = paths.district.root.getHref()) {
  await signedInAs({ login_role: 'department_head' });
  answer('getStaticSchools', () => ({ schools: SCHOOLS }));
  const asked = answerDistrict();
  const rendered = renderApp(href);
  const table = await screen.findByRole('table', { name: 'Your schools' });
  return { ...rendered, table, asked };
}

const schoolOrder = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getAllByRole('link')[0]!.textContent);

afterEach(() => vi.restoreAllMocks());

describe('district overview', () => {
  it('shows each school’s figures from one request', async () => {
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
    expect(asked).toEqual(['']);
    expect(within(table).getByRole('columnheader', { name: /Books read, last 90 days/ })).toBeInTheDocument();
  });

  it('with a school picked in the header, shows only that school’s figures', async () => {
    const { table } = await openOverview('/district?school_id=2');
    expect(schoolOrder(table)).toEqual(['Harbour View']);
    expect(
      screen.getByText(/^1 school, 10 students: 9 read in the last 7 days and 300 books/),
    ).toBeInTheDocument();
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
    answer('getDistrictOverview', () => ({ start: '2026-06-18', end: '2026-09-15', schools: [] }));
    renderApp(paths.district.root.getHref());
    expect(await screen.findByText('No schools in your district yet')).toBeInTheDocument();
  });
});

/**
 * docs/rules.md C28: a department head's picked school (`school_id` in the address) holds on the teacher area: the
 * calls of its pages send it, and its links keep it. Another role's `school_id` is never sent.
 */
import { AlertType } from '@readalong/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildClass, buildStudentOverviewRow } from '@/test/factories';
import { renderApp } from '@/test/render-app';

const SCHOOL = 2;
const schoolOf = (request: Request) => new URL(request.url).searchParams.get('school_id');

const overviewRow = buildStudentOverviewRow({
  student_id: 12,
  first_name: 'Ben',
  last_name: 'Cho',
  name: 'Ben Cho',
  classes: [{ id: 4, name: 'Grade 4 Oak' }],
});

async function open(role: 'department_head' | 'teacher', path: string) {
  await signedInAs({ login_role: role });
  answer('getStaticSchools', () => ({
    schools: [
      { id: 1, name: 'Willow Creek', district_id: 1 },
      { id: SCHOOL, name: 'Harbour View', district_id: 1 },
    ],
  }));
  const classes = countCalls('listClasses', () => ({
    classes: [buildClass({ id: 4, name: 'Grade 4 Oak', school_id: SCHOOL })],
  }));
  const overview = countCalls('getStudentReadingOverview', () => ({ students: [overviewRow] }));
  return { classes, overview, ...renderApp(path) };
}

describe('a department head’s picked school on the teacher area (C28)', () => {
  it('Students lists the picked school’s students, and every link keeps the school', async () => {
    const { overview } = await open('department_head', `/teacher/students?school_id=${SCHOOL}`);
    const name = await screen.findByRole('link', { name: 'Ben Cho' });
    expect(overview.requests.map(schoolOf)).toEqual([String(SCHOOL)]);
    expect(name).toHaveAttribute('href', `/teacher/students/12?school_id=${SCHOOL}`);
    expect(screen.getByRole('link', { name: 'review recordings' })).toHaveAttribute(
      'href',
      `/teacher/class?school_id=${SCHOOL}`,
    );
    const menu = screen.getByRole('navigation', { name: 'Staff menu' });
    for (const link of within(menu).getAllByRole('link')) {
      expect(new URL(link.getAttribute('href')!, 'http://app').searchParams.get('school_id')).toBe(
        String(SCHOOL),
      );
    }
    expect(screen.getByRole('link', { name: 'ReadAlong' })).toHaveAttribute('href', `/?school_id=${SCHOOL}`);
  });

  it('choosing a class keeps the school in the address', async () => {
    const { user, router } = await open('department_head', `/teacher/students?school_id=${SCHOOL}`);
    await screen.findByRole('link', { name: 'Ben Cho' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Class' }), 'Grade 4 Oak');
    await waitFor(() => expect(router.state.location.search).toBe(`?class=4&school_id=${SCHOOL}`));
  });

  it('Alerts lists, filters and marks seen the picked school’s alerts alone', async () => {
    const alerts = countCalls('getAlerts', () => ({
      alerts: [
        {
          id: 1,
          type_id: AlertType.Inactivity,
          student_id: 12,
          student_name: 'Ben Cho',
          class_id: 4,
          worksheet_id: null,
          message: 'Ben has not signed in lately.',
          created_at: '2026-09-14T09:00:00.000Z',
          seen: false,
        },
      ],
      page: 0,
      has_more: false,
    }));
    const marks = countCalls('markAlertsViewed', () => ({ updated: 1 }));
    const { classes } = await open('department_head', `/teacher/alerts?school_id=${SCHOOL}`);
    const link = await screen.findByRole('link', { name: 'Open Ben Cho’s page' });
    expect(link).toHaveAttribute('href', `/teacher/students/12?school_id=${SCHOOL}`);
    expect(alerts.requests.map(schoolOf)).toEqual([String(SCHOOL)]);
    await waitFor(() => expect(classes.requests.map(schoolOf)).toContain(String(SCHOOL)));
    expect(classes.requests.map(schoolOf)).not.toContain(null);
    await waitFor(() => expect(marks.count()).toBe(1));
    expect(await marks.requests[0]!.json()).toEqual({ school_id: SCHOOL });
  });

  it('another role’s school_id is never sent, nor carried', async () => {
    const { overview } = await open('teacher', `/teacher/students?school_id=${SCHOOL}`);
    const name = await screen.findByRole('link', { name: 'Ben Cho' });
    expect(overview.requests.map(schoolOf)).toEqual([null]);
    expect(name).toHaveAttribute('href', '/teacher/students/12');
  });
});

import { AlertType, type Alert } from '@readalong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildClass, buildStudentSummary } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import { NEEDS_ATTENTION } from './alert-kinds';

const buildAlert = (overrides: Partial<z.input<typeof Alert>> = {}) => ({
  id: 1,
  type_id: AlertType.Inactivity,
  student_id: 7,
  student_name: 'Dana Okafor',
  class_id: 3,
  worksheet_id: null,
  message: 'Dana has not signed in or handed in a quiz since 3 September 2026.',
  created_at: '2026-09-14T09:00:00.000Z',
  seen: false,
  ...overrides,
});

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

beforeEach(async () => {
  await signedInAs({ login_role: 'teacher' });
  answer('listClasses', () => ({ classes: [buildClass(), buildClass({ id: 4, name: 'Grade 4 Oak' })] }));
  answer('listStudents', () => ({ students: [buildStudentSummary()], total: 1 }));
});

describe('alerts screen (C40)', () => {
  it('lists what needs attention in words, each with its student’s page, and marks every alert seen at once', async () => {
    const alerts = countCalls('getAlerts', () => ({
      alerts: [
        buildAlert(),
        buildAlert({
          id: 2,
          type_id: AlertType.FailAgain,
          message: 'Dana did not pass the quiz again.',
          seen: true,
        }),
      ],
      page: 0,
      has_more: false,
    }));
    const seen = countCalls('markAlertsViewed', () => ({ updated: 1 }));
    renderApp('/teacher/alerts');

    const first = await screen.findByText(
      'Dana has not signed in or handed in a quiz since 3 September 2026.',
    );
    const item = first.closest('li')!;
    expect(within(item).getByText('New')).toBeInTheDocument();
    expect(within(item).getByText('No activity for a week')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Open Dana Okafor’s page' })).toHaveAttribute(
      'href',
      '/teacher/students/7',
    );
    expect(queryOf(alerts.requests[0]!)).toMatchObject({ types: NEEDS_ATTENTION.join(','), page: '0' });
    await waitFor(() => expect(seen.count()).toBe(1));
    expect(await seen.requests[0]!.json()).toEqual({});
  });

  it('Show more appends the next page to the list', async () => {
    answer('getAlerts', (request) => {
      const page = Number(queryOf(request).page);
      return {
        alerts: [buildAlert({ id: 10 + page, message: `Alert of page ${page}.` })],
        page,
        has_more: page === 0,
      };
    });
    answer('markAlertsViewed', () => ({ updated: 1 }));
    const { user } = renderApp('/teacher/alerts');

    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Alert of page 1.')).toBeInTheDocument();
    expect(screen.getByText('Alert of page 0.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('filters by class, student, kind and dates, starting again from page 0', async () => {
    const alerts = countCalls('getAlerts', (request) => {
      const page = Number(queryOf(request).page);
      return {
        alerts: [buildAlert({ id: 10 + page, message: `Alert of page ${page}.` })],
        page,
        has_more: page === 0,
      };
    });
    answer('markAlertsViewed', () => ({ updated: 1 }));
    const { user } = renderApp('/teacher/alerts');

    await screen.findByText('Alert of page 0.');
    // Each choice is a navigation (the filters live in the address): the next waits for it to land.
    const choose = async (label: string, option: string) => {
      const select = screen.getByRole('combobox', { name: label });
      await user.selectOptions(select, option);
      await waitFor(() =>
        expect(within(select).getByRole('option', { name: option })).toHaveProperty('selected', true),
      );
    };
    await choose('Class', 'Grade 3 Maple');
    await screen.findByRole('option', { name: 'Dana Okafor' });
    await choose('Student', 'Dana Okafor');
    await choose('What', 'Everything');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });

    await waitFor(() =>
      expect(queryOf(alerts.requests.at(-1)!)).toEqual({
        class_id: '3',
        student_id: '7',
        start: '2026-09-01',
        page: '0',
        limit: '20',
      }),
    );
  });

  it('says when nothing needs attention, and how to see the good news too', async () => {
    answer('getAlerts', () => ({ alerts: [], page: 0, has_more: false }));
    renderApp('/teacher/alerts');
    expect(await screen.findByRole('heading', { name: 'Nothing needs your attention' })).toBeInTheDocument();
    expect(screen.getByText('Choose “Everything” under What to see good news too.')).toBeInTheDocument();
  });

  it('keeps a class filter from the address, and says when nothing matches', async () => {
    const alerts = countCalls('getAlerts', () => ({ alerts: [], page: 0, has_more: false }));
    renderApp('/teacher/alerts?class=4&types=');
    expect(await screen.findByRole('heading', { name: 'No alerts match' })).toBeInTheDocument();
    expect(queryOf(alerts.requests[0]!)).toEqual({ class_id: '4', page: '0', limit: '20' });
  });

  it('shows the server’s refusal in its words, with a way to try again', async () => {
    answer('getAlerts', () => errorAnswer(404, 'not_found', 'No such class.'));
    renderApp('/teacher/alerts?class=99');
    expect(await screen.findByText('No such class.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

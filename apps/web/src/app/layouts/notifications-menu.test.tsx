import type { Notification } from '@readalong/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';

const buildNotification = (overrides: Partial<z.input<typeof Notification>> = {}) => ({
  id: 1,
  kind: 'assignment' as const,
  title: 'New assignment: The Kite',
  message: 'Ms Khan set it for Friday.',
  link: '/my-work',
  read: false,
  created_at: '2026-09-14T09:00:00.000Z',
  ...overrides,
});

async function openAs(role: 'student' | 'teacher', path: string) {
  await signedInAs({ login_role: role, first_name: 'Sam', last_name: 'Lee' });
  let notifications = [
    buildNotification({ link: '/settings' }),
    buildNotification({ id: 2, kind: 'recording_graded', title: 'Your recording was reviewed', link: null }),
    buildNotification({ id: 3, title: 'Old news', read: true, link: '/home' }),
  ];
  answer('listNotifications', () => ({
    notifications,
    unread_count: notifications.filter((n) => !n.read).length,
  }));
  const marked = countCalls('markNotificationRead', (request) => {
    const id = Number(new URL(request.url).pathname.split('/').pop());
    notifications = notifications.map((n) => (n.id === id ? { ...n, read: true } : n));
    return notifications.find((n) => n.id === id)!;
  });
  return { ...renderApp(path), marked };
}

const markedIds = (marked: { requests: Request[] }) =>
  marked.requests.map((request) => Number(new URL(request.url).pathname.split('/').pop())).sort();

describe('notifications menu (C41)', () => {
  it('shows the unread count in the bell’s name; choosing one marks it read and opens where it points', async () => {
    const { user, router, marked } = await openAs('student', '/resources');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');

    await user.click(bell);
    const item = await screen.findByRole('menuitem', { name: /New: New assignment: The Kite/ });
    expect(screen.getByRole('menuitem', { name: /^Old news/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Alerts about your students/ })).toBeNull();

    await user.click(item);

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(markedIds(marked)).toEqual([1]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('marks every unread one read at once; a read one is not sent again', async () => {
    const { user, marked } = await openAs('teacher', '/teacher/resources');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all read' }));

    await waitFor(() => expect(markedIds(marked)).toEqual([1, 2]));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeInTheDocument();
  });

  it('opens from the keyboard, leads staff to their alerts, and gives focus back when closed with Escape', async () => {
    const { user, router } = await openAs('teacher', '/teacher/resources');
    answer('getAlerts', () => ({ alerts: [], page: 0, has_more: false }));
    answer('listClasses', () => ({ classes: [] }));
    (await screen.findByRole('button', { name: /^Notifications/ })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Alerts about your students' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Alerts about your students' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher/alerts'));
  });
});

import type { Role } from '@readalong/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { answerEmptyHome, studentDetails } from '@/features/student/test-books';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildAccessToken } from '@/test/factories';
import { renderApp } from '@/test/render-app';

/** A signed-in user of `role` opening the student's home, with every call home makes answered and two counted. */
async function openStudentHomeAs(role: Role) {
  await signedInAs({ login_role: role, first_name: 'Mia' });
  answer('validate', () => ({ access_token: buildAccessToken(), login_role: role, refresh_token: null }));
  answerEmptyHome();
  answer('listPassages', () => ({ passages: [] }));
  const details = countCalls('getUserDetails', () => studentDetails);
  const assignments = countCalls('listAssignments', () => ({ assignments: [] }));
  return { ...renderApp(paths.student.home.getHref()), details, assignments };
}

describe('first reads (docs/rules.md B7, B11)', () => {
  it('asks for each of the student home’s reads once, though the route starts them before the page mounts', async () => {
    const { details, assignments } = await openStudentHomeAs('student');

    expect(await screen.findByText('12 coins')).toBeInTheDocument();
    expect(
      await screen.findByText('All done! Books your teacher gives you will appear here.'),
    ).toBeInTheDocument();
    expect(details.count()).toBe(1);
    expect(assignments.count()).toBe(1);
  });

  it('renders the page once its first reads have answered, without a skeleton in between (B11)', async () => {
    const skeletonsShown = new Set<string>();
    const watch = new MutationObserver(() =>
      document.querySelectorAll('[aria-label^="Loading your"]').forEach((skeleton) => {
        skeletonsShown.add(skeleton.getAttribute('aria-label') ?? '');
      }),
    );
    watch.observe(document.body, { childList: true, subtree: true });
    await openStudentHomeAs('student');
    // Answered well after the session check, as a busy server may.
    answer('getUserDetails', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return studentDetails;
    });

    expect(await screen.findByText('12 coins')).toBeInTheDocument();
    expect(screen.getByText('All done! Books your teacher gives you will appear here.')).toBeInTheDocument();
    watch.disconnect();
    expect([...skeletonsShown]).toEqual([]);
  });

  it('does not wait past FIRST_READS_WAIT_MS for a slow read: its section shows its skeleton meanwhile (B11)', async () => {
    let answerAssignments = () => undefined as void;
    const slow = new Promise<void>((resolve) => (answerAssignments = resolve));
    await openStudentHomeAs('student');
    answer('listAssignments', async () => {
      await slow;
      return { assignments: [] };
    });

    expect(await screen.findByText('12 coins')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your teacher’s books' })).toBeInTheDocument();
    answerAssignments();
    expect(
      await screen.findByText('All done! Books your teacher gives you will appear here.'),
    ).toBeInTheDocument();
  });

  it('asks for none of them for someone the guard sends elsewhere', async () => {
    const { router, details } = await openStudentHomeAs('teacher');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(details.count()).toBe(0);
  });
});

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

describe('first reads (docs/rules.md B7)', () => {
  it('asks for each of the student home’s reads once, though the route starts them before the page mounts', async () => {
    const { details, assignments } = await openStudentHomeAs('student');

    expect(await screen.findByText('12 coins')).toBeInTheDocument();
    expect(
      await screen.findByText('All done! Books your teacher gives you will appear here.'),
    ).toBeInTheDocument();
    expect(details.count()).toBe(1);
    expect(assignments.count()).toBe(1);
  });

  it('asks for none of them for someone the guard sends elsewhere', async () => {
    const { router, details } = await openStudentHomeAs('teacher');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(details.count()).toBe(0);
  });
});

/** The roster import screen (docs/rules.md C33): upload, dry run, commit, as the server reports each step. */
import { ROSTER_FILE_MAX_BYTES } from '@readalong/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { renderApp } from '@/test/render-app';
import { textOf, watchSaves } from '@/test/saved-files';
import type { RosterImport } from './api/roster-import';

const noChange = { created: 0, updated: 0, unchanged: 0 };

const job = (overrides: Partial<RosterImport> = {}): RosterImport => ({
  id: 12,
  school_id: 1,
  file_name: 'roster.zip',
  format: 'oneroster',
  status: 'validating',
  progress: { done: 12000, total: 40000 },
  changes: null,
  seats: null,
  problems: [],
  problem_count: 0,
  error: null,
  created_at: '2030-03-01T10:00:00.000Z',
  finished_at: null,
  ...overrides,
});

const readyJob = job({
  status: 'ready',
  progress: { done: 40000, total: 40000 },
  changes: {
    students: { created: 120, updated: 3, unchanged: 410 },
    teachers: { created: 4, updated: 0, unchanged: 18 },
    classes: { created: 6, updated: 1, unchanged: 20 },
    enrolments: { created: 130, updated: 0, unchanged: 900 },
  },
  seats: { needed: 120, free: 200 },
});

afterEach(() => vi.restoreAllMocks());

async function openImport(role: 'owner' | 'department_head' = 'owner', path = paths.manage.import.getHref()) {
  await signedInAs({ login_role: role });
  const rendered = renderApp(path);
  await screen.findByRole('heading', { name: 'Choose a file' });
  return rendered;
}

const rosterFile = (size?: number) => {
  const file = new File(['sourcedId,status\n'], 'roster.zip', { type: 'application/zip' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** Chooses the file in the page's file field, as a person picking it in the file dialog would. */
async function chooseFile(user: ReturnType<typeof renderApp>['user'], file: File) {
  await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
}

/** Uploads a file; the server starts the dry run and later polls answer `next`. */
async function uploadAnd(next: RosterImport | (() => RosterImport), role?: 'owner' | 'department_head') {
  const starts = countCalls('startRosterImport', () => job());
  answer('getRosterImport', typeof next === 'function' ? next : () => next);
  const rendered = await openImport(role);
  await chooseFile(rendered.user, rosterFile());
  await rendered.user.click(screen.getByRole('button', { name: 'Upload and check' }));
  return { ...rendered, starts };
}

describe('roster import: the file', () => {
  it('saves the template with the contract’s columns and example rows', async () => {
    const saved = watchSaves();
    const { user } = await openImport();
    await user.click(screen.getByRole('button', { name: 'Download the template' }));

    expect(saved.map((file) => file.name)).toEqual(['roster-template.csv']);
    const lines = (await textOf(saved[0]!.blob)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'role,username,first_name,last_name,email,password,grade,classes',
      'teacher,r.okafor,Ruth,Okafor,r.okafor@example.org,,,Class 3A;Class 3B',
      'student,maya.lee,Maya,Lee,,Maple-Tree-42,Grade 3,Class 3A',
    ]);
  });

  it('refuses a file over the size limit before uploading it', async () => {
    const starts = countCalls('startRosterImport', () => job());
    const { user } = await openImport();
    await chooseFile(user, rosterFile(ROSTER_FILE_MAX_BYTES + 1));
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    expect(await screen.findByText(/the largest file accepted is 50 MB/)).toBeInTheDocument();
    expect(starts.count()).toBe(0);
  });

  it('shows the server’s word on the file field', async () => {
    answer('startRosterImport', () =>
      errorAnswer(400, 'bad_request', 'file: is neither a CSV file nor a zip', {
        file: 'is neither a CSV file nor a zip',
      }),
    );
    const { user } = await openImport();
    await chooseFile(user, rosterFile());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    expect(await screen.findByRole('button', { name: 'Roster file' })).toHaveAccessibleDescription(
      /is neither a CSV file nor a zip/,
    );
  });

  it('sends a department head’s school and shows the server’s word on that field', async () => {
    answer('getStaticSchools', () => ({ schools: [{ id: 5, name: 'Birch Hill', district_id: 1 }] }));
    answer('listSchools', () => ({
      schools: [
        { id: 5, name: 'Birch Hill', district_id: 1, student_count: 0, teacher_count: 0, class_count: 0 },
      ],
    }));
    const starts = countCalls('startRosterImport', () =>
      errorAnswer(400, 'bad_request', 'body.school_id: is not a school of your district', {
        'body.school_id': 'is not a school of your district',
      }),
    );
    const { user } = await openImport('department_head', `${paths.manage.import.getHref()}?school_id=5`);
    await chooseFile(user, rosterFile());
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    await screen.findByText('is not a school of your district');
    expect(screen.getByRole('combobox', { name: 'Import into the school' })).toHaveAccessibleDescription(
      'is not a school of your district',
    );
    expect(await starts.requests[0]!.text()).toMatch(/name="school_id"\r\n\r\n5\r\n/);
  });
});

describe('roster import: the check', () => {
  it('shows the rows checked beside the bar while the dry run reads the file', async () => {
    await uploadAnd(job());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Checking the file' })).toHaveFocus());
    expect(screen.getByText('12,000 of 40,000 rows checked')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Rows checked' })).toHaveAttribute('aria-valuenow', '30');
  });

  it('lists each problem with its file, row and column, and writes nothing', async () => {
    await uploadAnd(
      job({
        status: 'invalid',
        problem_count: 2,
        problems: [
          {
            file: 'enrollments.csv',
            row: 4,
            column: 'classSourcedId',
            message: 'names no class in classes.csv',
          },
          { file: 'users.csv', row: 9, column: 'username', message: 'is used by another row (row 3)' },
        ],
      }),
    );
    expect(
      await screen.findByText('2 problems: nothing has been written. Fix the file and upload it again.'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: '2 problems' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'enrollments.csv, row 4, column classSourcedId',
        'enrollments.csv',
        '4',
        'classSourcedId',
        'names no class in classes.csv',
      ],
      ['users.csv, row 9, column username', 'users.csv', '9', 'username', 'is used by another row (row 3)'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 problems: nothing has been written.');
    expect(screen.queryByRole('button', { name: 'Add to the school' })).not.toBeInTheDocument();
  });

  it('says how many problems there are when only the first are listed', async () => {
    const problem = { file: 'users.csv', row: 2, column: 'role', message: 'must be student or teacher' };
    await uploadAnd(job({ status: 'invalid', problem_count: 1234, problems: [problem, problem] }));
    expect(await screen.findByRole('table', { name: 'The first 2 of 1,234 problems' })).toBeInTheDocument();
  });

  it('shows what the commit will change and the seats it takes, then adds the file and links to the roster', async () => {
    let current = readyJob;
    const commits = countCalls('commitRosterImport', () => {
      current = job({ ...readyJob, status: 'committed', finished_at: '2030-03-01T10:05:00.000Z' });
      return job({ ...readyJob, status: 'committing', progress: { done: 0, total: 40000 } });
    });
    const { user } = await uploadAnd(() => current);

    const table = await screen.findByRole('table', { name: 'What adding the file changes' });
    const students = within(table).getByRole('row', { name: /Students/ });
    expect(
      within(students)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['120', '3', '410']);
    expect(screen.getByText('120 of 200 free licence seats taken by the new students')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to the school' }));
    expect(commits.requests[0]!.url).toMatch(/\/v1\/roster\/imports\/12\/commit$/);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'The roster is added' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'See the classes' })).toHaveAttribute('href', '/manage/classes');
    expect(screen.getByRole('link', { name: 'See the students' })).toHaveAttribute(
      'href',
      '/manage/students',
    );
  });

  it('says so when the file changes nothing', async () => {
    await uploadAnd(
      job({
        ...readyJob,
        changes: {
          students: { ...noChange, unchanged: 3 },
          teachers: noChange,
          classes: { ...noChange, unchanged: 1 },
          enrolments: { ...noChange, unchanged: 3 },
        },
        seats: { needed: 0, free: 10 },
      }),
    );
    expect(
      await screen.findByText('Nothing to change: everything in this file is already in the school.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to the school' })).not.toBeInTheDocument();
  });

  it('does not offer the commit when the new students need more seats than are free', async () => {
    await uploadAnd(job({ ...readyJob, seats: { needed: 120, free: 3 } }));
    expect(await screen.findByText(/3 seats left, 120 students to add/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to the school' })).toBeDisabled();
  });

  it('says why the import stopped and starts over from the file', async () => {
    const { user } = await uploadAnd(
      job({ status: 'failed', error: 'The zip could not be opened: it is damaged.' }),
    );
    expect(await screen.findByText('The zip could not be opened: it is damaged.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload a different file' }));
    expect(await screen.findByRole('heading', { name: 'Choose a file' })).toBeInTheDocument();
  });
});

describe('roster import: coming back', () => {
  it('shows the import named in the address, as after a reload', async () => {
    await signedInAs({ login_role: 'owner' });
    answer('getRosterImport', (request) => {
      expect(request.url).toMatch(/\/v1\/roster\/imports\/12$/);
      return readyJob;
    });
    renderApp(`${paths.manage.import.getHref()}?import=12`);
    expect(await screen.findByRole('heading', { name: 'Check what the file changes' })).toBeInTheDocument();
  });

  it('says in words why the server would not commit, and stays on the check', async () => {
    await signedInAs({ login_role: 'owner' });
    answer('getRosterImport', () => readyJob);
    answer('commitRosterImport', () =>
      errorAnswer(400, 'bad_request', 'This import is already being committed.'),
    );
    const { user } = renderApp(`${paths.manage.import.getHref()}?import=12`);
    await user.click(await screen.findByRole('button', { name: 'Add to the school' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This import is already being committed.');
    expect(screen.getByRole('heading', { name: 'Check what the file changes' })).toBeInTheDocument();
  });
});

describe('roster import: who', () => {
  it('tells a teacher who imports the roster', async () => {
    await signedInAs({ login_role: 'teacher' });
    renderApp(paths.manage.import.getHref());
    expect(
      await screen.findByText('Your school’s owner or department head imports its roster.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Upload and check' })).not.toBeInTheDocument(),
    );
  });
});

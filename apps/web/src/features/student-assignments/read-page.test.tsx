import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildAccessToken, buildPassage } from '@/test/factories';
import { renderApp } from '@/test/render-app';

/** The assignment's worksheet, and the passage (book) it is for: different numbers, so a mix-up shows. */
const WORKSHEET_ID = 77;
const BOOK_ID = 41;

const passage = buildPassage(['The kite flew high.', 'It went over the hill.'], {
  id: BOOK_ID,
  worksheet_id: WORKSHEET_ID,
});

async function signIn() {
  await signedInAs({ login_role: 'student' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'student',
    refresh_token: null,
  }));
}

async function openAssignment(
  reply: Parameters<typeof countCalls<'getWorksheetPassage'>>[1] = () => passage,
) {
  await signIn();
  const opened = countCalls('getWorksheetPassage', reply);
  const books = countCalls('getPassage', () => passage);
  const start = countCalls('startWorksheet', () => ({ worksheet_id: 900 }));
  const progress = countCalls('saveReadingProgress', () => ({ completed: false, pages_completed: 1 }));
  const log = countCalls('logReadingActivity', () => ({ success: true }));
  const rendered = renderApp(paths.studentAssignment.read.getHref(WORKSHEET_ID));
  return { ...rendered, opened, books, start, progress, log };
}

/** A page's text as read: the reader wraps each word for highlighting, so the paragraph is matched whole. */
const pageText = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

const pathOf = (request: Request) => new URL(request.url).pathname;

beforeEach(() => {
  // jsdom plays no media; the reader's music starts as the book opens.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue();
});

describe('reading an assigned book', () => {
  it('opens the assignment’s book and records the reading on the assignment’s worksheet, starting none', async () => {
    const { user, opened, books, start, progress, log, unmount } = await openAssignment();

    expect(await screen.findByRole('heading', { name: 'The Red Kite' })).toBeInTheDocument();
    expect(screen.getByText(pageText('The kite flew high.'))).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(pathOf(opened.requests[0]!)).toMatch(new RegExp(`/worksheets/${WORKSHEET_ID}/passage$`));

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText(pageText('It went over the hill.'))).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    // Each page reached is reported for the worksheet's passage, which the server keeps on the open worksheet.
    await waitFor(() => expect(progress.count()).toBe(2));
    const reports = await Promise.all(
      progress.requests.map(async (request) => (await request.json()) as object),
    );
    expect(reports).toMatchObject([{ page_num: 1 }, { page_num: 2 }]);
    expect(progress.requests.map(pathOf)).toEqual([
      expect.stringMatching(new RegExp(`/worksheets/passage/${BOOK_ID}/progress$`)),
      expect.stringMatching(new RegExp(`/worksheets/passage/${BOOK_ID}/progress$`)),
    ]);
    expect(start.count()).toBe(0);
    expect(books.count()).toBe(0);

    // Leaving logs the stretch of reading against the assignment's worksheet.
    unmount();
    await waitFor(() => expect(log.count()).toBe(1));
    expect(await log.requests[0]!.json()).toMatchObject({ worksheet_id: WORKSHEET_ID });
    expect(start.count()).toBe(0);
  });

  it('leads from the last page to the assignment’s quiz and its recording for the teacher, not the library book’s', async () => {
    const { user } = await openAssignment();
    await screen.findByText(pageText('The kite flew high.'));
    expect(screen.queryByRole('link', { name: /Take the quiz/ })).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');

    expect(await screen.findByRole('link', { name: /Take the quiz/ })).toHaveAttribute(
      'href',
      paths.studentAssignment.quiz.getHref(WORKSHEET_ID),
    );
    expect(screen.getByRole('link', { name: /Read it aloud/ })).toHaveAttribute(
      'href',
      paths.studentAssignment.assignment.getHref(WORKSHEET_ID),
    );
  });

  it('shows that the book is on its way while it loads', async () => {
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    await openAssignment(async () => {
      await loaded;
      return passage;
    });

    // The page loader is a status too, so find the message, then the status it is announced in.
    expect((await screen.findByText('Opening your book')).closest('[role="status"]')).not.toBeNull();
    release();
    expect(await screen.findByText(pageText('The kite flew high.'))).toBeInTheDocument();
    expect(screen.queryByLabelText('Opening your book')).not.toBeInTheDocument();
  });

  it('says so when the book cannot be opened, and tries again', async () => {
    let calls = 0;
    const { user, progress } = await openAssignment(() => {
      calls += 1;
      return calls === 1 ? errorAnswer(404, 'not_found', 'No such worksheet.') : passage;
    });

    expect(await screen.findByText('This book could not be opened')).toBeInTheDocument();
    expect(screen.getByText('No such worksheet.')).toBeInTheDocument();
    expect(progress.count()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(pageText('The kite flew high.'))).toBeInTheDocument();
  });
});

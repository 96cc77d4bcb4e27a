/** docs/rules.md C46: the reader's last page and the send screen lead to a book's true next step. */
import type { Passage } from '@readalong/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { recordingOutbox } from '@/lib/recording-outbox';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildAccessToken, buildPassage, buildRecording } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import { installMedia } from '@/shared/read-aloud/test-media';

const BOOK_ID = 41;
const WORKSHEET_ID = 900;

const bookWith = (progress: Partial<Passage>) =>
  buildPassage(['The kite flew high.', 'Then it came home.'], {
    id: BOOK_ID,
    worksheet_id: WORKSHEET_ID,
    recording_needed: true,
    ...progress,
  });

async function open(href: string, book: Passage) {
  await signedInAs({ login_role: 'student' });
  answer('validate', () => ({
    access_token: buildAccessToken(),
    login_role: 'student',
    refresh_token: null,
  }));
  const passage = countCalls('getPassage', () => book);
  answer('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
  answer('saveReadingProgress', () => ({ completed: false, pages_completed: 2 }));
  answer('logReadingActivity', () => ({ success: true }));
  answer('logRecordingActivity', () => ({ success: true }));
  answer('getClassTranslation', () => ({ class_id: 3, target_lang: null, available: false }));
  const rendered = renderApp(href);
  await screen.findByRole('heading', { name: 'The Red Kite' });
  return { ...rendered, passage };
}

/** A Mantine button's fill: the main button is filled with colour, a plain one has the default background. */
const background = (element: HTMLElement) => element.style.getPropertyValue('--button-bg');
const FILLED = /^var\(--mantine-color-\w+-filled\)$/;
const PLAIN = 'var(--mantine-color-default)';

beforeEach(() => {
  // jsdom plays no media; the reader's music starts as the book opens.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue();
});

afterEach(async () => {
  await recordingOutbox.clear();
  vi.restoreAllMocks();
});

describe('the reader’s last page', () => {
  it('once the quiz is in, leads to reading aloud for the teacher, not to the quiz again', async () => {
    const { user } = await open(
      paths.book.read.getHref(BOOK_ID),
      bookWith({ pages_completed: 2, quiz_submitted: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const wayOn = await screen.findByRole('link', { name: 'Read it aloud to your teacher' });
    expect(wayOn).toHaveAttribute('href', paths.book.assignment.getHref(BOOK_ID));
    expect(background(wayOn)).toMatch(FILLED);
    expect(screen.queryByRole('link', { name: /Take the quiz/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practise first' })).toHaveAttribute(
      'href',
      paths.book.practice.getHref(BOOK_ID),
    );
  });

  it('of a finished book leads to the next book', async () => {
    const { user } = await open(
      paths.book.read.getHref(BOOK_ID),
      bookWith({
        pages_completed: 2,
        quiz_submitted: true,
        recording_needed: false,
        worksheet_completed: true,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('link', { name: 'Choose my next book' })).toHaveAttribute(
      'href',
      paths.student.powerBuilders.getHref(),
    );
    expect(screen.queryByRole('link', { name: /Take the quiz|Read it aloud/ })).not.toBeInTheDocument();
  });
});

describe('after “Sent!”', () => {
  async function recordAndSend(book: Passage) {
    installMedia();
    const uploads = countCalls('uploadRecording', () =>
      buildRecording({ worksheet_id: WORKSHEET_ID, passage_id: BOOK_ID, duration_ms: 1000 }),
    );
    const opened = await open(paths.book.assignment.getHref(BOOK_ID), book);
    const { user } = opened;
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    const askedBeforeSending = opened.passage.count();
    await user.click(await screen.findByRole('button', { name: 'Send to my teacher' }));
    expect(await screen.findByText('Your teacher has your recording.')).toBeVisible();
    expect(uploads.count()).toBe(1);
    return { ...opened, askedBeforeSending };
  }

  it('the filled button leads back to the books once nothing else is owed, and the book is asked again', async () => {
    const { passage, askedBeforeSending } = await recordAndSend(
      bookWith({ pages_completed: 2, quiz_submitted: true }),
    );

    const back = screen.getByRole('link', { name: 'Back to my books' });
    expect(back).toHaveAttribute('href', paths.student.powerBuilders.getHref());
    expect(background(back)).toMatch(FILLED);
    // Recording again is still there, but no longer the button that stands out.
    expect(background(screen.getByRole('button', { name: 'Start recording' }))).toBe(PLAIN);
    // The book may be finished now: its progress is fetched again, so every list shows it.
    await waitFor(() => expect(passage.count()).toBeGreaterThan(askedBeforeSending));
  });

  it('leads to the quiz when the recording came first', async () => {
    await recordAndSend(bookWith({ pages_completed: 2 }));

    expect(screen.getByRole('link', { name: 'Take the quiz' })).toHaveAttribute(
      'href',
      paths.book.quiz.getHref(BOOK_ID),
    );
    expect(screen.queryByRole('link', { name: 'Back to my books' })).not.toBeInTheDocument();
  });
});

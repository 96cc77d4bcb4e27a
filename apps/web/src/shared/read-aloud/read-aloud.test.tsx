import { contracts, routePath, type Recording } from '@readalong/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { recordingOutbox } from '@/lib/recording-outbox';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildAccessToken, buildPassage, buildRecording } from '@/test/factories';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { installMedia } from './test-media';

const BOOK_ID = 41;
const WORKSHEET_ID = 900;

const passage = buildPassage(['The kite flew high.', 'Then it came home.'], { id: BOOK_ID });

const recording = (request: Request): Recording =>
  buildRecording({
    worksheet_id: Number(new URL(request.url).pathname.split('/').at(-2)),
    passage_id: BOOK_ID,
    duration_ms: 4500,
    num_re_recording: 1,
  });

const uploadPath = API_BASE + routePath(contracts.uploadRecording);

async function open(role: 'student' | 'teacher', href: string) {
  await signedInAs({ login_role: role });
  answer('validate', () => ({ access_token: buildAccessToken(), login_role: role, refresh_token: null }));
  answer('getPassage', () => passage);
  answer('getWorksheetPassage', () => passage);
  const progress = countCalls('saveReadingProgress', () => ({ completed: false, pages_completed: 2 }));
  const started = countCalls('startWorksheet', () => ({ worksheet_id: WORKSHEET_ID }));
  const activity = countCalls('logRecordingActivity', () => ({ success: true }));
  const rendered = renderApp(href);
  await screen.findByRole('heading', { name: 'The Red Kite' });
  return { ...rendered, progress, started, activity };
}

/** A multipart text field's value, read from the body as sent. */
const field = (body: string, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1];

afterEach(async () => {
  await recordingOutbox.clear();
  vi.restoreAllMocks();
});

describe('the microphone', () => {
  it('explains how to allow the microphone when it is refused', async () => {
    installMedia({ refuse: true });
    const { user } = await open('student', `/power-builders/${BOOK_ID}/read-aloud/practice`);

    await user.click(screen.getByRole('button', { name: 'Start recording' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We can’t hear you yet');
    expect(alert).toHaveTextContent('Choose “Allow” for the microphone.');
  });
});

describe('sending a recording for the teacher', () => {
  it('keeps the take while the connection is down and sends it once when it returns', async () => {
    const media = installMedia();
    const uploads: string[] = [];
    server.use(http.post(uploadPath, () => HttpResponse.error()));
    const { user, activity } = await open(
      'student',
      `/student-assignments/power-builders/${WORKSHEET_ID}/read-aloud/assignment`,
    );
    expect(screen.getByText('The kite flew high.')).toBeVisible();

    // A first take, recorded again: one re-recording.
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(await screen.findByRole('button', { name: 'Record again' }));

    // 2 s, a pause of 7 s, then 2.5 s: 4500 ms recorded.
    await screen.findByRole('button', { name: 'Pause' });
    media.advance(2000);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    media.advance(7000);
    await user.click(screen.getByRole('button', { name: 'Carry on' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Then it came home.')).toBeVisible();
    media.advance(2500);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByLabelText('Your recording')).toHaveAttribute('src', 'blob:take');

    await user.click(screen.getByRole('button', { name: 'Send to my teacher' }));
    expect(
      await screen.findByText(/1 recording is saved on this device and waiting to upload/),
    ).toBeVisible();
    expect(recordingOutbox.getState().waiting).toBe(1);

    // The connection returns.
    server.use(
      http.post(uploadPath, async ({ request }) => {
        uploads.push(await request.text());
        return HttpResponse.json(recording(request), { status: 201 });
      }),
    );
    act(() => void window.dispatchEvent(new Event('online')));

    expect(await screen.findByText('Your teacher has your recording.')).toBeVisible();
    expect(screen.queryByText(/waiting to upload/)).not.toBeInTheDocument();
    expect(recordingOutbox.getState().waiting).toBe(0);
    // Coming online again sends nothing more: the take was acknowledged and removed.
    act(() => void window.dispatchEvent(new Event('online')));
    await recordingOutbox.retryNow();
    expect(uploads).toHaveLength(1);
    expect(field(uploads[0]!, 'duration_ms')).toBe('4500');
    expect(field(uploads[0]!, 'num_re_recording')).toBe('1');
    expect(uploads[0]).toMatch(/name="file"/);
    await waitFor(() => expect(activity.count()).toBe(1));
    expect(await activity.requests[0]!.json()).toEqual({ worksheet_id: WORKSHEET_ID, num_re_recording: 1 });
  });

  it('sends a waiting take at once with “Try now”', async () => {
    installMedia();
    server.use(http.post(uploadPath, () => HttpResponse.error()));
    const { user, started } = await open('student', `/power-builders/${BOOK_ID}/read-aloud/assignment`);

    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(await screen.findByRole('button', { name: 'Send to my teacher' }));
    const waiting = await screen.findByText(/waiting to upload/);

    const uploads = countCalls('uploadRecording', recording);
    await user.click(within(waiting.closest('[role="status"]')!).getByRole('button', { name: 'Try now' }));

    expect(await screen.findByText('Your teacher has your recording.')).toBeVisible();
    expect(uploads.count()).toBe(1);
    // The book's worksheet was started to record it.
    expect(new URL(uploads.requests[0]!.url).pathname).toBe(`/api/v1/worksheets/${WORKSHEET_ID}/recording`);
    expect(started.count()).toBe(1);
  });

  it('shows the server’s reason when it refuses the take, and keeps it until discarded', async () => {
    installMedia();
    answer('uploadRecording', () =>
      errorAnswer(400, 'bad_request', 'This file is not a recording we can play.'),
    );
    const { user } = await open(
      'student',
      `/student-assignments/power-builders/${WORKSHEET_ID}/read-aloud/assignment`,
    );

    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await user.click(await screen.findByRole('button', { name: 'Send to my teacher' }));

    expect(await screen.findByText('This file is not a recording we can play.')).toBeVisible();
    expect(recordingOutbox.getState().refused).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByText('This file is not a recording we can play.')).not.toBeInTheDocument(),
    );
    expect(recordingOutbox.getState().refused).toHaveLength(0);
  });
});

describe('practice', () => {
  it('counts a practice take with the next reading-progress report and sends no recording', async () => {
    installMedia();
    const uploads = countCalls('uploadRecording', recording);
    const { user, progress } = await open('student', `/power-builders/${BOOK_ID}/read-aloud/practice`);

    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByLabelText('Your recording')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send to my teacher' })).not.toBeInTheDocument();

    await waitFor(() => expect(progress.count()).toBe(1));
    expect(await progress.requests[0]!.json()).toMatchObject({ page_num: 1, num_practice_recordings: 1 });
    expect(uploads.count()).toBe(0);
  });
});

describe('demo-practice', () => {
  it('shows staff the student’s screen and records nothing', async () => {
    const media = installMedia();
    const uploads = countCalls('uploadRecording', recording);
    await open('teacher', `/power-builders/${BOOK_ID}/read-aloud/demo-practice`);

    expect(screen.getByText('Demonstration: nothing is recorded')).toBeVisible();
    expect(screen.getByText('The kite flew high.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeDisabled();
    expect(media.microphoneRequests()).toBe(0);
    expect(uploads.count()).toBe(0);
  });
});

describe('from the e-book', () => {
  it('offers a read-aloud student “Read it aloud” next to the quiz on the last page', async () => {
    const { user } = await open('student', `/power-builders/${BOOK_ID}/read`);

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('link', { name: 'Take the quiz' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read it aloud' })).toHaveAttribute(
      'href',
      `/power-builders/${BOOK_ID}/read-aloud/practice`,
    );
  });
});

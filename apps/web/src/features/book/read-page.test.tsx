import { DEFAULT_READING_SETTINGS, type Passage } from '@readalong/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { READING_SETTINGS_KEY } from '@/lib/reading-settings';
import { answer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildAccessToken, buildPassage } from '@/test/factories';
import { renderApp } from '@/test/render-app';

const BOOK_ID = 41;

const buildBook = (overrides: Partial<Passage> = {}): Passage =>
  buildPassage(
    [
      {
        text: 'The kite flew high.',
        illustration_url: '/api/library/kite-1.png',
        narration_url: '/api/narration/kite-1.mp3',
        word_timings: [
          { word: 'The', start_ms: 0, end_ms: 300 },
          { word: 'kite', start_ms: 300, end_ms: 700 },
          { word: 'flew', start_ms: 700, end_ms: 1100 },
          { word: 'high.', start_ms: 1100, end_ms: 1500 },
        ],
      },
      'It went over the hill.',
      'Then it came home.',
    ],
    { id: BOOK_ID, ...overrides },
  );

async function openReader(role: 'student' | 'teacher', href: string) {
  await signedInAs({ login_role: role });
  answer('validate', () => ({ access_token: buildAccessToken(), login_role: role, refresh_token: null }));
  answer('getPassage', () => buildBook());
  const start = countCalls('startWorksheet', () => ({ worksheet_id: 900 }));
  const progress = countCalls('saveReadingProgress', () => ({ completed: false, pages_completed: 1 }));
  const rendered = renderApp(href);
  await screen.findByRole('heading', { name: 'The Red Kite' });
  return { ...rendered, start, progress };
}

const bodies = async (requests: Request[]) =>
  Promise.all(requests.map(async (request) => (await request.json()) as Record<string, unknown>));

let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // jsdom plays no media: play and pause only fire the events a browser would.
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});

describe('the e-book reader', () => {
  it('starts the worksheet once and reports each page reached, with the settings in force', async () => {
    window.localStorage.setItem(
      READING_SETTINGS_KEY,
      JSON.stringify({
        highlight: false,
        narration: true,
        pageFlip: true,
        narrationSpeed: 1.25,
        fontSize: 1.5,
        music: false,
      }),
    );
    const { user, start, progress } = await openReader('student', paths.book.read.getHref(BOOK_ID));

    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await waitFor(() => expect(progress.count()).toBe(1));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await waitFor(() => expect(progress.count()).toBe(4));
    expect(start.count()).toBe(1);
    const reports = await bodies(progress.requests);
    expect(reports.map((report) => report.page_num)).toEqual([1, 2, 3, 2]);
    const [first] = reports;
    expect(first).toMatchObject({
      page_num: 1,
      time_spent_reading: 0,
      num_practice_recordings: 0,
      reading_settings: { highlight: false, pageFlip: true, narrationSpeed: 1.25, fontSize: 1.5 },
    });
  });

  it('logs the stretch of reading when the student leaves the book', async () => {
    const log = countCalls('logReadingActivity', () => ({ success: true }));
    const { progress, unmount } = await openReader('student', paths.book.read.getHref(BOOK_ID));
    await waitFor(() => expect(progress.count()).toBe(1));
    expect(log.count()).toBe(0);

    unmount();
    await waitFor(() => expect(log.count()).toBe(1));
    expect(await log.requests[0]!.json()).toMatchObject({
      worksheet_id: 900,
      start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      num_practice_recordings: 0,
      reading_settings: DEFAULT_READING_SETTINGS,
    });
  });

  it('offers the quiz on the last page', async () => {
    const { user } = await openReader('student', paths.book.read.getHref(BOOK_ID));

    expect(screen.queryByRole('link', { name: /Take the quiz/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(await screen.findByRole('button', { name: /Next/ }));

    expect(await screen.findByRole('link', { name: /Take the quiz/ })).toHaveAttribute(
      'href',
      paths.book.quiz.getHref(BOOK_ID),
    );
    expect(screen.queryByRole('button', { name: /Next/ })).not.toBeInTheDocument();
  });

  it.each(['teacher', 'student'] as const)('records nothing in a demonstration (%s)', async (role) => {
    const { user, start, progress } = await openReader(role, paths.book.demoRead.getHref(BOOK_ID));

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(start.count()).toBe(0);
    expect(progress.count()).toBe(0);
  });

  it('highlights the word the narration is reading, at the chosen speed', async () => {
    window.localStorage.setItem(
      READING_SETTINGS_KEY,
      JSON.stringify({
        highlight: true,
        narration: true,
        pageFlip: false,
        narrationSpeed: 1.5,
        fontSize: 1,
        music: true,
      }),
    );
    const { user } = await openReader('student', paths.book.read.getHref(BOOK_ID));
    const audio = document.querySelector<HTMLAudioElement>('audio[src$="kite-1.mp3"]')!;

    await user.click(screen.getByRole('button', { name: 'Read to me' }));
    expect(play.mock.contexts.filter((played) => played === audio)).toHaveLength(1);
    expect(audio.playbackRate).toBe(1.5);
    expect(await screen.findByRole('button', { name: 'Pause reading' })).toBeInTheDocument();

    Object.defineProperty(audio, 'currentTime', { configurable: true, value: 0.8 });
    audio.dispatchEvent(new Event('timeupdate'));

    const current = await screen.findByText('flew');
    await waitFor(() => expect(current).toHaveAttribute('aria-current', 'true'));
    expect(screen.getByText('kite')).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Pause reading' }));
    expect(await screen.findByRole('button', { name: 'Read to me' })).toBeInTheDocument();
  });

  it('hides the narration button when a page has no recording and the browser has no voice', async () => {
    const { user } = await openReader('student', paths.book.read.getHref(BOOK_ID));
    expect(screen.getByRole('button', { name: 'Read to me' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Read to me' })).not.toBeInTheDocument();
  });

  it('waits for the server’s voice while the book is still being narrated, rather than the browser’s', async () => {
    await signedInAs({ login_role: 'student' });
    answer('validate', () => ({
      access_token: buildAccessToken(),
      login_role: 'student',
      refresh_token: null,
    }));
    answer('getPassage', () =>
      buildBook({
        assets: { music_url: null, narration_pending: true },
        pages: buildBook().pages.map((page) => ({ ...page, narration_url: null, word_timings: null })),
      }),
    );
    answer('startWorksheet', () => ({ worksheet_id: 900 }));
    answer('saveReadingProgress', () => ({ completed: false, pages_completed: 1 }));
    renderApp(paths.book.read.getHref(BOOK_ID));

    expect(await screen.findByRole('button', { name: 'Getting the voice ready' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Read to me' })).not.toBeInTheDocument();
  });

  it('reads with the browser’s voice when a page has no recording, highlighting at each word boundary', async () => {
    const spoken: SpeechSynthesisUtterance[] = [];
    class FakeUtterance extends EventTarget {
      rate = 1;
      onboundary: ((event: { name: string; charIndex: number }) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly text: string) {
        super();
      }
    }
    const synth = {
      speak: vi.fn((utterance: SpeechSynthesisUtterance) => spoken.push(utterance)),
      cancel: vi.fn(),
    };
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    vi.stubGlobal('speechSynthesis', synth);
    window.localStorage.setItem(
      READING_SETTINGS_KEY,
      JSON.stringify({ ...DEFAULT_READING_SETTINGS, narrationSpeed: 0.75 }),
    );
    const { user } = await openReader('student', paths.book.read.getHref(BOOK_ID));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(await screen.findByRole('button', { name: 'Read to me' }));

    const [utterance] = spoken as unknown as FakeUtterance[];
    expect(utterance).toMatchObject({ text: 'It went over the hill.', rate: 0.75 });
    act(() => utterance!.onboundary!({ name: 'word', charIndex: 8 }));
    expect(screen.getByText('over')).toHaveAttribute('aria-current', 'true');

    act(() => utterance!.onend!());
    expect(screen.getByText('over')).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Read to me' })).toBeInTheDocument();
  });

  it('plays the book’s music while the music setting is on, and stops it from the reader', async () => {
    await signedInAs({ login_role: 'student' });
    answer('validate', () => ({
      access_token: buildAccessToken(),
      login_role: 'student',
      refresh_token: null,
    }));
    answer('getPassage', () =>
      buildBook({ assets: { music_url: '/api/library/tune.mp3', narration_pending: false } }),
    );
    countCalls('startWorksheet', () => ({ worksheet_id: 900 }));
    countCalls('saveReadingProgress', () => ({ completed: false, pages_completed: 1 }));
    const { user } = renderApp(paths.book.read.getHref(BOOK_ID));

    const music = await screen.findByRole('switch', { name: 'Music' });
    expect(music).toBeChecked();
    const audio = screen.getByTestId('background-music');
    expect(play.mock.contexts).toContain(audio);

    await user.click(music);

    expect(music).not.toBeChecked();
    expect(pause.mock.contexts).toContain(audio);
    expect(JSON.parse(window.localStorage.getItem(READING_SETTINGS_KEY)!)).toMatchObject({ music: false });
  });
});

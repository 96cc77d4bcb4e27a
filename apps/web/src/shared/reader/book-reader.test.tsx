import { DEFAULT_READING_SETTINGS, type Contracts, type Response } from '@readalong/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { paths } from '@/config/paths';
import { READING_SETTINGS_KEY } from '@/lib/reading-settings';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { buildAccessToken, buildPassage } from '@/test/factories';
import { renderApp } from '@/test/render-app';

const BOOK_ID = 41;
const CLASS_ID = 12;

const book = buildPassage(
  [{ text: 'The kite flew high.', narration_url: '/api/narration/kite-1.mp3' }, 'It went over the hill.'],
  { id: BOOK_ID },
);

interface ReaderOptions {
  role?: 'student' | 'teacher';
  href?: string;
  /** The student's class's translation language. */
  language?: Response<Contracts['getClassTranslation']>['target_lang'];
  /** Whether the school has a translation service. */
  available?: boolean;
}

async function openReader({
  role = 'student',
  href = paths.book.read.getHref(BOOK_ID),
  language = null,
  available = true,
}: ReaderOptions = {}) {
  await signedInAs({ login_role: role, class_id: CLASS_ID });
  answer('validate', () => ({ access_token: buildAccessToken(), login_role: role, refresh_token: null }));
  answer('getPassage', () => book);
  answer('startWorksheet', () => ({ worksheet_id: 900 }));
  answer('saveReadingProgress', () => ({ completed: false, pages_completed: 1 }));
  const classLanguage = countCalls('getClassTranslation', () => ({
    class_id: CLASS_ID,
    target_lang: language,
    available,
  }));
  const rendered = renderApp(href);
  await screen.findByRole('heading', { name: 'The Red Kite' });
  return { ...rendered, classLanguage };
}

const wordsAsked = (requests: Request[]) =>
  requests.map((request) => new URL(request.url).searchParams.get('word'));
const musicOf = () => screen.getByTestId<HTMLAudioElement>('background-music');
const wordAudio = () => screen.getByTestId<HTMLAudioElement>('word-narration');

let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;

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

describe('single-word narration', () => {
  it('says a word the child taps, asking the server once per word', async () => {
    const asked = countCalls('getNarration', () => ({ file_url: '/api/narration/kite.mp3' }));
    const { user } = await openReader();

    await user.click(screen.getByText('kite'));

    await waitFor(() => expect(play.mock.contexts).toContain(wordAudio()));
    expect(wordAudio().src).toMatch(/\/api\/narration\/kite\.mp3$/);
    expect(screen.getByText('kite')).toHaveAttribute('aria-current', 'true');

    wordAudio().dispatchEvent(new Event('ended'));
    await waitFor(() => expect(screen.getByText('kite')).not.toHaveAttribute('aria-current'));
    await user.click(screen.getByText('kite'));
    await user.click(screen.getByText('high.'));

    await waitFor(() => expect(wordsAsked(asked.requests)).toEqual(['kite', 'high']));
    expect(play.mock.contexts.filter((audio) => audio === wordAudio())).toHaveLength(3);
  });

  it('says the next word when the child taps it before the last one has started', async () => {
    countCalls('getNarration', (request) => ({
      file_url: `/api/narration/${new URL(request.url).searchParams.get('word')}.mp3`,
    }));
    // As a browser does: a play still starting when the sound is paused rejects.
    const starting: (() => void)[] = [];
    play.mockImplementation(function (this: HTMLMediaElement) {
      if (!this.src.endsWith('/kite.mp3')) return Promise.resolve();
      return new Promise((_, reject) =>
        starting.push(() => reject(new DOMException('Cut short', 'AbortError'))),
      );
    });
    pause.mockImplementation(() => starting.splice(0).forEach((cut) => cut()));
    const { user } = await openReader();

    await user.click(screen.getByText('kite'));
    await waitFor(() => expect(wordAudio().src).toMatch(/\/kite\.mp3$/));
    await user.click(screen.getByText('high.'));

    await waitFor(() => expect(wordAudio().src).toMatch(/\/high\.mp3$/));
    expect(play.mock.contexts.at(-1)).toBe(wordAudio());
    expect(screen.getByText('high.')).toHaveAttribute('aria-current', 'true');
  });

  it('remembers a word the server cannot say and lets the browser’s voice say it, with no error shown', async () => {
    const asked = countCalls('getNarration', () =>
      errorAnswer(404, 'not_found', '“flew” is not a word narration knows.'),
    );
    const spoken: string[] = [];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        rate = 1;
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(readonly text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', {
      speak: (utterance: { text: string }) => spoken.push(utterance.text),
      cancel: () => undefined,
    });
    const { user } = await openReader();

    await user.click(screen.getByText('flew'));
    await waitFor(() => expect(spoken).toEqual(['flew']));
    await user.click(screen.getByText('flew'));
    await waitFor(() => expect(spoken).toEqual(['flew', 'flew']));

    expect(asked.count()).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the words as text until “Hear a word” makes them buttons for the keyboard', async () => {
    const asked = countCalls('getNarration', () => ({ file_url: '/api/narration/word.mp3' }));
    const { user } = await openReader();
    expect(screen.queryByRole('button', { name: 'kite' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Hear a word' }));

    expect(screen.getByRole('group', { name: /Choose a word to hear it/ })).toBeInTheDocument();
    const words = ['The', 'kite', 'flew', 'high.'].map((name) => screen.getByRole('button', { name }));
    expect(words.map((word) => word.tabIndex)).toEqual([0, -1, -1, -1]);

    words[0]!.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(words[2]).toHaveFocus();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(wordsAsked(asked.requests)).toEqual(['flew']));

    await user.keyboard('{End}');
    expect(words[3]).toHaveFocus();
    await user.tab();
    expect(words.some((word) => word === document.activeElement)).toBe(false);
    await user.tab({ shift: true });
    expect(words[3]).toHaveFocus();
  });

  it('says nothing when a word is tapped with narration turned off', async () => {
    window.localStorage.setItem(
      READING_SETTINGS_KEY,
      JSON.stringify({ ...DEFAULT_READING_SETTINGS, narration: false }),
    );
    const asked = countCalls('getNarration', () => ({ file_url: '/api/narration/kite.mp3' }));
    const { user } = await openReader();

    await user.click(screen.getByText('kite'));

    expect(screen.queryByRole('switch', { name: 'Hear a word' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.count()).toBe(0);
  });
});

describe('background music', () => {
  it('plays the reader’s own tune when the book has none, and keeps quiet under narration', async () => {
    countCalls('getNarration', () => ({ file_url: '/api/narration/kite.mp3' }));
    const { user } = await openReader();

    expect(musicOf().src).toMatch(/reading-music.*\.mp3$/);
    expect(musicOf().volume).toBeLessThanOrEqual(0.2);
    await waitFor(() => expect(play.mock.contexts).toContain(musicOf()));

    await user.click(screen.getByRole('button', { name: 'Read to me' }));
    await waitFor(() => expect(pause.mock.contexts).toContain(musicOf()));
    const plays = play.mock.contexts.filter((audio) => audio === musicOf()).length;

    await user.click(screen.getByRole('button', { name: 'Pause reading' }));
    await waitFor(() =>
      expect(play.mock.contexts.filter((audio) => audio === musicOf())).toHaveLength(plays + 1),
    );
  });

  it('starts on the first tap when the browser refused to play it before, and stops when the reader closes', async () => {
    let allowed = false;
    play.mockImplementation(function (this: HTMLMediaElement) {
      if (!allowed) return Promise.reject(new DOMException('No gesture yet', 'NotAllowedError'));
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const { user, unmount } = await openReader();
    const music = musicOf();
    expect(play.mock.contexts).toContain(music);

    allowed = true;
    const before = play.mock.calls.length;
    await user.click(screen.getByText('Page 1 of 2'));
    expect(play.mock.calls.length).toBeGreaterThan(before);

    pause.mockClear();
    unmount();
    expect(pause.mock.contexts).toContain(music);
  });

  it('stays silent while the music setting is off', async () => {
    window.localStorage.setItem(
      READING_SETTINGS_KEY,
      JSON.stringify({ ...DEFAULT_READING_SETTINGS, music: false }),
    );
    const { user } = await openReader();
    await user.click(screen.getByText('Page 1 of 2'));

    expect(play.mock.contexts).not.toContain(musicOf());
    expect(screen.getByRole('switch', { name: 'Music' })).not.toBeChecked();
  });
});

describe('translation', () => {
  it('offers the page in the class’s language and shows it under the text', async () => {
    const translated = countCalls('translate', () => ({ result: 'La cometa voló alto.' }));
    const { user, classLanguage } = await openReader({ language: 'es' });

    await user.click(await screen.findByRole('button', { name: 'Translate into Spanish' }));

    const result = await screen.findByText('La cometa voló alto.');
    expect(result).toHaveAttribute('lang', 'es');
    expect(await translated.requests[0]!.json()).toMatchObject({
      text: 'The kite flew high.',
      target_lang: 'es',
    });
    expect(new URL(classLanguage.requests[0]!.url).pathname).toMatch(
      new RegExp(`/classes/${CLASS_ID}/config/translation$`),
    );
    expect(screen.getByRole('button', { name: 'Hide Spanish' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says so in words when the translation service does not answer, and the book reads on', async () => {
    answer('translate', () =>
      errorAnswer(
        503,
        'service_unavailable',
        'The translation service did not answer. Please try again later.',
      ),
    );
    const { user } = await openReader({ language: 'fr' });

    await user.click(await screen.findByRole('button', { name: 'Translate into French' }));

    expect(
      await screen.findByText('Translation is not available at your school right now'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Translate into French' })).toBeInTheDocument();
  });

  it.each<[string, ReaderOptions]>([
    ['the class translates into no language', { language: null }],
    ['the school has no translation service', { language: 'es', available: false }],
  ])('offers nothing when %s', async (_, options) => {
    const { classLanguage } = await openReader(options);

    await waitFor(() => expect(classLanguage.count()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Translate/ })).not.toBeInTheDocument();
  });

  it('is for students: a member of staff previewing the book is offered none', async () => {
    const { classLanguage } = await openReader({
      role: 'teacher',
      href: paths.book.demoRead.getHref(BOOK_ID),
      language: 'es',
    });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(classLanguage.count()).toBe(0);
    expect(screen.queryByRole('button', { name: /Translate/ })).not.toBeInTheDocument();
  });
});

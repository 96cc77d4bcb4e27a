import { Switch } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useReadingSettings } from '@/lib/reading-settings';
import readingMusic from './reading-music.mp3';

/** Quiet enough to read over. */
const MUSIC_VOLUME = 0.15;

/** What counts as the child touching the page, after which the browser lets sound start. */
const GESTURES = ['pointerdown', 'keydown'] as const;

interface BackgroundMusicProps {
  /** The book's own music; without it, the reader's (an original loop made by scripts/reading-music.mjs). */
  url?: string | null;
  /** A voice is reading: the music stops under it and picks up again after. */
  quiet: boolean;
}

/**
 * The reader's background music while the "music" setting is on, with a switch to turn it off here too
 * (docs/rules.md C38). The reader's own tune is a small MP3 file rather than music synthesised in the browser:
 * an <audio> element loops it the same way in every browser, needs no audio graph kept alive, and stops by
 * itself when the reader goes away. It stops (rather than getting softer) under narration because some
 * browsers (iOS) do not let a page set a sound's volume.
 */
export function BackgroundMusic({ url, quiet }: BackgroundMusicProps) {
  const [settings, update] = useReadingSettings();
  const audioRef = useRef<HTMLAudioElement>(null);
  const on = settings.music;
  const playing = on && !quiet;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!playing) {
      audio.pause();
      return;
    }
    audio.volume = MUSIC_VOLUME;
    // Opening a book is a tap or click, so the browser lets the music start. Opened from a typed address or a
    // reload it refuses until the child touches the page: the first tap or key starts it then.
    const start = () => {
      if (audio.paused) audio.play().catch(() => undefined);
    };
    start();
    for (const gesture of GESTURES) window.addEventListener(gesture, start);
    return () => {
      for (const gesture of GESTURES) window.removeEventListener(gesture, start);
    };
  }, [playing, url]);

  // Leaving the reader stops the music at once.
  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  return (
    <>
      {/* Instrumental music: there are no words to caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audioRef}
        src={url ?? readingMusic}
        loop
        preload="none"
        hidden
        data-testid="background-music"
      />
      <Switch
        size="md"
        label="Music"
        checked={on}
        onChange={(event) => void update({ music: event.currentTarget.checked })}
      />
    </>
  );
}

import { Switch } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useReadingSettings } from '@/lib/reading-settings';

/** Quiet enough to read over. */
const MUSIC_VOLUME = 0.15;

/**
 * The book's background music while the "music" setting is on, with a switch to turn it off here too. Opening
 * a book is a tap or click, so the browser lets the music start; if it refuses, the reader simply stays quiet.
 */
export function BackgroundMusic({ url }: { url: string }) {
  const [settings, update] = useReadingSettings();
  const audioRef = useRef<HTMLAudioElement>(null);
  const on = settings.music;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.volume = MUSIC_VOLUME;
    if (on) audio.play().catch(() => undefined);
    else audio.pause();
  }, [on, url]);

  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  return (
    <>
      {/* Instrumental music: there are no words to caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audioRef} src={url} loop preload="auto" hidden data-testid="background-music" />
      <Switch
        size="md"
        label="Music"
        checked={on}
        onChange={(event) => void update({ music: event.currentTarget.checked })}
      />
    </>
  );
}

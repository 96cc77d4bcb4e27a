import { describe, expect, it } from 'vitest';
import { NARRATION_SPEEDS } from '@/lib/reading-settings';
import { setNarrationSpeed } from './narration-speed';

describe('narration speed', () => {
  it.each(NARRATION_SPEEDS)(
    'plays at %s× with the voice’s own pitch, for this source and the next',
    (speed) => {
      const audio = document.createElement('audio');
      audio.preservesPitch = false; // as a page might have left it
      setNarrationSpeed(audio, speed);
      expect(audio.playbackRate).toBe(speed);
      expect(audio.defaultPlaybackRate).toBe(speed);
      expect(audio.preservesPitch).toBe(true);
    },
  );
});

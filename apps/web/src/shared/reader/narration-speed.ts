/**
 * The reader's narration speed on an <audio> element (docs/rules.md C13, R29): both the current and the default
 * rate (a new source resets the rate to the default), with the pitch kept, so a faster or slower voice is the same
 * voice, not a higher or lower one. Browsers keep the pitch by default; it is set anyway, as a page may have turned
 * it off and the speeds offered (0.75–1.5) are where a changed pitch is most noticed.
 */
export function setNarrationSpeed(audio: HTMLAudioElement, speed: number): void {
  audio.preservesPitch = true;
  audio.defaultPlaybackRate = speed;
  audio.playbackRate = speed;
}

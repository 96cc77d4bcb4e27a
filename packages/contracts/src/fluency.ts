/**
 * Reading fluency of one recording (docs/rules.md RA8), pure:
 * WPM = words read ÷ minutes between the trimmed start and end; WCPM = (words read − mistakes) ÷ minutes;
 * accuracy = (words read − mistakes) ÷ words read. Words read default to the whole passage; the teacher may mark
 * the last word read. A mistake counts against a word of the passage: an omission, mispronunciation or
 * substitution of a word read, each word at most once; an insertion adds no word of the passage, so it is marked and
 * counted in num_mistakes but does not lower WCPM or accuracy (the usual oral-reading-fluency convention).
 * The server stores these figures; the teacher's review screen shows the same ones live while marking.
 */
import { MistakeType } from './domain.js';

export interface FluencyInput {
  /** Words of the passage. */
  passageWords: number;
  /** 0-based index of the last word read; null: the whole passage. */
  lastWordIndex: number | null;
  mistakes: readonly { wordIndex: number; type: number }[];
  /** Trimmed start and end in milliseconds; a null end is the end of the audio. */
  startMs: number;
  endMs: number | null;
  /** Length of the audio in milliseconds; 0 when unknown. */
  durationMs: number;
}

export interface Fluency {
  wordsRead: number;
  wordsCorrect: number;
  wpm: number | null;
  wcpm: number | null;
  /** Percent, 0–100. */
  accuracy: number | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function wordsRead(passageWords: number, lastWordIndex: number | null): number {
  if (lastWordIndex === null) return passageWords;
  return Math.max(0, Math.min(passageWords, lastWordIndex + 1));
}

export function computeFluency(input: FluencyInput): Fluency {
  const read = wordsRead(input.passageWords, input.lastWordIndex);
  const wrongWords = new Set(
    input.mistakes
      .filter((mistake) => mistake.type !== MistakeType.Insertion && mistake.wordIndex < read)
      .map((mistake) => mistake.wordIndex),
  );
  const correct = Math.max(0, read - wrongWords.size);
  // An open end is the end of the audio; an unknown length (0) leaves no time to measure a speed over.
  const minutes = ((input.endMs ?? input.durationMs) - input.startMs) / 60_000;
  const timed = minutes > 0;
  return {
    wordsRead: read,
    wordsCorrect: correct,
    wpm: timed ? round1(read / minutes) : null,
    wcpm: timed ? round1(correct / minutes) : null,
    accuracy: read > 0 ? round1((correct / read) * 100) : null,
  };
}

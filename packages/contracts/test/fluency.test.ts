import { describe, expect, it } from 'vitest';
import { MistakeType, computeFluency, wordsRead } from '../src/index.js';

const base = {
  passageWords: 120,
  lastWordIndex: null,
  mistakes: [],
  startMs: 0,
  endMs: 60_000,
  durationMs: 60_000,
};

describe('fluency (RA8)', () => {
  it('WPM is the words read over the trimmed minutes; a clean reading is 100 % accurate', () => {
    expect(computeFluency(base)).toEqual({
      wordsRead: 120,
      wordsCorrect: 120,
      wpm: 120,
      wcpm: 120,
      accuracy: 100,
    });
    // Trimmed to 30 s of a longer recording: twice as fast, right words and all.
    const trimmed = { ...base, startMs: 10_000, endMs: 40_000, durationMs: 90_000 };
    const oneWrong = [{ wordIndex: 0, type: MistakeType.Omission }];
    expect(computeFluency({ ...trimmed, mistakes: oneWrong })).toMatchObject({ wpm: 240, wcpm: 238 });
  });

  it('WCPM and accuracy take away the words read wrongly; an insertion takes away none', () => {
    const fluency = computeFluency({
      ...base,
      mistakes: [
        { wordIndex: 3, type: MistakeType.Omission },
        { wordIndex: 10, type: MistakeType.Mispronunciation },
        { wordIndex: 11, type: MistakeType.Substitution },
        { wordIndex: 11, type: MistakeType.Mispronunciation },
        { wordIndex: 20, type: MistakeType.Insertion },
      ],
    });
    expect(fluency).toMatchObject({ wordsRead: 120, wordsCorrect: 117, wpm: 120, wcpm: 117, accuracy: 97.5 });
  });

  it('the last word read limits the words read and the mistakes that count', () => {
    expect(wordsRead(120, 59)).toBe(60);
    expect(wordsRead(120, 500)).toBe(120);
    const fluency = computeFluency({
      ...base,
      lastWordIndex: 59,
      mistakes: [
        { wordIndex: 5, type: MistakeType.Omission },
        // The first word not read, and one further on: neither was read wrongly.
        { wordIndex: 60, type: MistakeType.Omission },
        { wordIndex: 80, type: MistakeType.Omission },
      ],
    });
    expect(fluency).toMatchObject({ wordsRead: 60, wordsCorrect: 59, wpm: 60, wcpm: 59, accuracy: 98.3 });
  });

  it('an open end is the end of the audio; without a known length there is no speed', () => {
    expect(computeFluency({ ...base, endMs: null, durationMs: 30_000 }).wpm).toBe(240);
    expect(computeFluency({ ...base, endMs: null, durationMs: 0 })).toMatchObject({
      wpm: null,
      wcpm: null,
      accuracy: 100,
    });
  });

  it('rounds to one decimal and never goes below zero', () => {
    expect(computeFluency({ ...base, passageWords: 100, endMs: 70_000, durationMs: 70_000 }).wpm).toBe(85.7);
    const many = Array.from({ length: 10 }, (_, index) => ({ wordIndex: index, type: MistakeType.Omission }));
    expect(computeFluency({ ...base, passageWords: 5, mistakes: many })).toMatchObject({
      wcpm: 0,
      accuracy: 0,
    });
    expect(computeFluency({ ...base, passageWords: 0 })).toMatchObject({ wpm: 0, accuracy: null });
  });
});

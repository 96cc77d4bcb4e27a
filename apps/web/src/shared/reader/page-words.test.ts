import { describe, expect, it } from 'vitest';
import { alignTimings, splitWords, wordAtChar, wordAtTime } from './page-words';

const timings = [
  { word: 'A', start_ms: 0, end_ms: 200 },
  { word: 'big', start_ms: 250, end_ms: 600 },
  { word: 'dog.', start_ms: 600, end_ms: 1000 },
];

describe('page words', () => {
  it('splits text into numbered words, keeping the spaces and line breaks between them', () => {
    expect(splitWords('A big\n\ndog.')).toEqual([
      { kind: 'word', text: 'A', index: 0, start: 0 },
      { kind: 'space', text: ' ' },
      { kind: 'word', text: 'big', index: 1, start: 2 },
      { kind: 'space', text: '\n\n' },
      { kind: 'word', text: 'dog.', index: 2, start: 7 },
    ]);
  });

  it('finds the word spoken at a moment of the narration', () => {
    expect(wordAtTime(timings, 100)).toBe(0);
    expect(wordAtTime(timings, 220)).toBe(0);
    expect(wordAtTime(timings, 600)).toBe(2);
    expect(wordAtTime(timings, 1200)).toBeNull();
    expect(wordAtTime([], 0)).toBeNull();
  });

  it('finds the word at a character of the text', () => {
    const pieces = splitWords('A big dog.');
    expect(wordAtChar(pieces, 0)).toBe(0);
    expect(wordAtChar(pieces, 2)).toBe(1);
    expect(wordAtChar(pieces, 8)).toBe(2);
  });

  it('matches narrated words to the page’s words despite punctuation, skipped and split words', () => {
    const pieces = splitWords('Yes, Pebble — the ice-cream dog!');
    // Words: 0 "Yes," 1 "Pebble" 2 "—" 3 "the" 4 "ice-cream" 5 "dog!"
    const narrated = ['yes', 'Pebble', 'the', 'ice', 'cream', 'dog', 'um'].map((word, position) => ({
      word,
      start_ms: position * 100,
      end_ms: position * 100 + 90,
    }));

    expect(alignTimings(pieces, narrated)).toEqual([0, 1, 3, 4, 4, 5, null]);
  });
});

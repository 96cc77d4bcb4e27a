import { MistakeType } from '@readalong/contracts';
import { describe, expect, it } from 'vitest';
import {
  addInsertion,
  clearWord,
  insertionsBefore,
  removeInsertion,
  toggleWordMistake,
  withSaid,
  withinWordsRead,
  wordMistake,
} from './marks';

const { Omission, Insertion, Mispronunciation, Substitution } = MistakeType;

describe('marking words', () => {
  it('a word is read wrongly in one way at a time; the same key again clears it', () => {
    let marks = toggleWordMistake([], 3, Omission);
    expect(wordMistake(marks, 3)?.type).toBe(Omission);
    marks = toggleWordMistake(marks, 3, Substitution);
    expect(marks).toEqual([{ word_index: 3, type: Substitution }]);
    expect(toggleWordMistake(marks, 3, Substitution)).toEqual([]);
  });

  it('insertions stack between words and leave the word’s own mark alone', () => {
    let marks = toggleWordMistake([], 2, Mispronunciation);
    marks = addInsertion(addInsertion(marks, 2), 2);
    expect(insertionsBefore(marks, 2)).toHaveLength(2);
    expect(wordMistake(marks, 2)?.type).toBe(Mispronunciation);
    marks = removeInsertion(marks, 2);
    expect(insertionsBefore(marks, 2)).toHaveLength(1);
    expect(clearWord(marks, 2)).toEqual([]);
  });

  it('keeps marks in reading order, insertions before the word they precede', () => {
    const marks = addInsertion(toggleWordMistake(toggleWordMistake([], 9, Omission), 4, Omission), 4);
    expect(marks.map((mark) => [mark.word_index, mark.type])).toEqual([
      [4, Insertion],
      [4, Omission],
      [9, Omission],
    ]);
  });

  it('notes what was said on a substitution or the latest insertion, and clears it when emptied', () => {
    let marks = addInsertion(addInsertion(toggleWordMistake([], 2, Substitution), 2), 2);
    marks = withSaid(marks, 2, Substitution, ' rod ');
    marks = withSaid(marks, 2, Insertion, 'very');
    expect(marks).toEqual([
      { word_index: 2, type: Insertion },
      { word_index: 2, type: Insertion, text: 'very' },
      { word_index: 2, type: Substitution, text: 'rod' },
    ]);
    expect(withSaid(marks, 2, Substitution, '')).toContainEqual({ word_index: 2, type: Substitution });
  });

  it('drops marks after the last word read, but an insertion may follow it', () => {
    const marks = [
      { word_index: 1, type: Omission },
      { word_index: 5, type: Insertion },
      { word_index: 5, type: Omission },
      { word_index: 7, type: Omission },
    ] as const;
    expect(withinWordsRead([...marks], 4)).toEqual([marks[0], marks[1]]);
    expect(withinWordsRead([...marks], null)).toHaveLength(4);
  });
});

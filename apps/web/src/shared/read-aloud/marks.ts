/**
 * Reading mistakes marked on a passage's words (docs/rules.md RA7, C23): a word is read wrongly in at
 * most one way (omitted, mispronounced or substituted), and insertions sit between words, before `word_index`.
 * Pure, so the review screen's editing rules are tested apart from the screen.
 */
import { MistakeType, type Mistake } from '@readalong/contracts';
import type { z } from 'zod';

export type Mark = z.infer<typeof Mistake>;
export type MistakeTypeId = Mark['type'];
export type WordMistakeType =
  typeof MistakeType.Omission | typeof MistakeType.Mispronunciation | typeof MistakeType.Substitution;

/** The marks as the screens name them, in the order they are offered. */
export const MARK_KINDS = [
  { type: MistakeType.Omission, name: 'Omission' },
  { type: MistakeType.Mispronunciation, name: 'Mispronunciation' },
  { type: MistakeType.Substitution, name: 'Substitution' },
  { type: MistakeType.Insertion, name: 'Insertion' },
] as const;

export const markKind = (type: MistakeTypeId) => MARK_KINDS.find((kind) => kind.type === type)!;

const isWordMistake = (mark: Mark) => mark.type !== MistakeType.Insertion;

/** The way a word was read wrongly, if it was. */
export const wordMistake = (marks: readonly Mark[], wordIndex: number): Mark | undefined =>
  marks.find((mark) => mark.word_index === wordIndex && isWordMistake(mark));

/** The insertions just before a word (or, at the word count, after the last word). */
export const insertionsBefore = (marks: readonly Mark[], wordIndex: number): Mark[] =>
  marks.filter((mark) => mark.word_index === wordIndex && !isWordMistake(mark));

/** Marks a word read wrongly in one way; marking it the same way again clears it. */
export function toggleWordMistake(marks: readonly Mark[], wordIndex: number, type: WordMistakeType): Mark[] {
  const current = wordMistake(marks, wordIndex);
  const others = marks.filter((mark) => mark !== current);
  return current?.type === type ? others : sortMarks([...others, { word_index: wordIndex, type }]);
}

export const addInsertion = (marks: readonly Mark[], wordIndex: number): Mark[] =>
  sortMarks([...marks, { word_index: wordIndex, type: MistakeType.Insertion }]);

/** Removes one insertion before the word (the last added). */
export function removeInsertion(marks: readonly Mark[], wordIndex: number): Mark[] {
  const last = insertionsBefore(marks, wordIndex).at(-1);
  return marks.filter((mark) => mark !== last);
}

/** Notes what was said instead (a substitution) or added (the last insertion before the word); empty clears it. */
export function withSaid(
  marks: readonly Mark[],
  wordIndex: number,
  type: MistakeTypeId,
  said: string,
): Mark[] {
  const target = marks.findLast((mark) => mark.word_index === wordIndex && mark.type === type);
  const text = said.trim().slice(0, 100);
  return marks.map((mark) => {
    if (mark !== target) return mark;
    const { text: _old, ...rest } = mark;
    return text ? { ...rest, text } : rest;
  });
}

/** Clears every mark on a word and the insertions before it. */
export const clearWord = (marks: readonly Mark[], wordIndex: number): Mark[] =>
  marks.filter((mark) => mark.word_index !== wordIndex);

/** Marks beyond the last word read go: the server refuses them (an insertion may sit just after it). */
export const withinWordsRead = (marks: readonly Mark[], lastWordIndex: number | null): Mark[] =>
  lastWordIndex === null
    ? [...marks]
    : marks.filter(
        (mark) =>
          mark.word_index <= lastWordIndex || (!isWordMistake(mark) && mark.word_index === lastWordIndex + 1),
      );

const sortMarks = (marks: Mark[]) =>
  marks.sort((a, b) => a.word_index - b.word_index || Number(isWordMistake(a)) - Number(isWordMistake(b)));

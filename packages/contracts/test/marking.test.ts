import { describe, expect, it } from 'vitest';
import { QuestionType, markAgainstKey } from '../src/index.js';

describe('markAgainstKey', () => {
  it('marks choices exactly, so a near miss earns nothing', () => {
    expect(markAgainstKey(QuestionType.MCQ, 'nectar', 'nectar')).toBe(1);
    expect(markAgainstKey(QuestionType.MCQ, 'nectar', 'Nectar!')).toBe(0);
    expect(markAgainstKey(QuestionType.Categorising, 'The queen bee', 'The worker bees')).toBe(0);
    // Space around a chosen option is not part of it.
    expect(markAgainstKey(QuestionType.MCQ, 'nectar', ' nectar ')).toBe(1);
  });

  it('accepts any listed short answer, ignoring case, spacing, hyphens and punctuation', () => {
    expect(markAgainstKey(QuestionType.ShortAnswer, 'a hive;beehive', '  A   Hive. ')).toBe(1);
    expect(markAgainstKey(QuestionType.ShortAnswer, 'a hive;beehive', 'beehive')).toBe(1);
    expect(markAgainstKey(QuestionType.ShortAnswer, 'a hive;beehive', 'a nest')).toBe(0);
    // A word split or joined by a space or a hyphen is the same word (R10).
    expect(markAgainstKey(QuestionType.ShortAnswer, 'beehive', 'bee hive')).toBe(1);
    expect(markAgainstKey(QuestionType.ShortAnswer, 'beehive', 'bee-hive')).toBe(1);
    expect(markAgainstKey(QuestionType.ShortAnswer, 'ice-cream', 'ice cream')).toBe(1);
    expect(markAgainstKey(QuestionType.ShortAnswer, 'ice cream', 'icecream')).toBe(1);
    // Other letters still make another answer.
    expect(markAgainstKey(QuestionType.ShortAnswer, 'beehive', 'bee hives')).toBe(0);
  });

  it('gives sequencing the share of items in their place', () => {
    expect(markAgainstKey(QuestionType.Sequencing, 'a;b;c;d', 'a;b;c;d')).toBe(1);
    expect(markAgainstKey(QuestionType.Sequencing, 'a;b;c;d', 'a;b;d;c')).toBe(0.5);
    expect(markAgainstKey(QuestionType.Sequencing, 'a;b;c', 'c;a;b')).toBe(0);
    // The share is of the key's items (1 of 3 in place), not of the items given (1 of 4).
    expect(markAgainstKey(QuestionType.Sequencing, 'wake;eat;walk', 'wake;walk;eat;sleep')).toBe(0.33);
    expect(markAgainstKey(QuestionType.Sequencing, 'a; b;c', 'a;b; c')).toBe(1);
  });

  it('compares formed and chosen words loosely, and leaves open-ended answers to a teacher', () => {
    expect(markAgainstKey(QuestionType.FormWords, 'honeycomb', 'HoneyComb')).toBe(1);
    expect(markAgainstKey(QuestionType.WordFromSentence, 'nectar', 'nectar.')).toBe(1);
    expect(markAgainstKey(QuestionType.OpenEnded, 'guidance', 'anything')).toBeNull();
  });
});

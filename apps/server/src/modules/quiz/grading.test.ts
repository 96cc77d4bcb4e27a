import { describe, expect, it } from 'vitest';
import { QuestionType } from '@readalong/contracts';
import { storeQuestion, type Question } from '@readalong/content';
import { answerProblem, answerText, markQuestion, quizScore, type StoredQuestionRow } from './grading.js';

const stored = (question: Question): StoredQuestionRow => ({
  id: 1,
  questionNum: 1,
  ...storeQuestion(question, 'test#1'),
});
const outcomes = ['COMP.KEY_DETAILS'];
const marks = (question: StoredQuestionRow, ...answers: [number, string][]) =>
  markQuestion(
    question,
    answers.map(([subQuestionNum, selectedOption]) => ({ subQuestionNum, selectedOption })),
  ).map((marked) => marked.marks);

describe('marking by question type', () => {
  it('MCQ and discard option: the chosen option’s text, exactly', () => {
    const mcq = stored({
      type: 'mcq',
      prompt: 'Colour?',
      options: ['red', 'blue', 'green'],
      answer: 1,
      outcomes,
    });
    expect(marks(mcq, [0, 'blue'])).toEqual([1]);
    expect(marks(mcq, [0, 'red'])).toEqual([0]);
    const odd = stored({
      type: 'discard_option',
      prompt: 'Odd one?',
      options: ['cat', 'dog', 'car'],
      answer: 2,
      outcomes,
    });
    expect(marks(odd, [0, 'car'])).toEqual([1]);
  });

  it('short answer ignores case, spacing and punctuation', () => {
    const question = stored({
      type: 'short_answer',
      prompt: 'Who?',
      accepted: ['Grandma Rosa', 'Rosa'],
      outcomes,
    });
    expect(marks(question, [0, '  grandma   rosa! '])).toEqual([1]);
    expect(marks(question, [0, 'Ana'])).toEqual([0]);
  });

  it('open-ended answers wait for a teacher, whose key is the guidance', () => {
    const question = stored({ type: 'open_ended', prompt: 'Why?', guidance: 'mentions the rain', outcomes });
    expect(marks(question, [0, 'Because it rained'])).toEqual([null]);
    expect(answerText(question)).toBe('mentions the rain');
  });

  it('sequencing gives credit per item in its place', () => {
    const question = stored({
      type: 'sequencing',
      prompt: 'Order',
      items: ['wake', 'eat', 'walk', 'sleep'],
      outcomes,
    });
    expect(marks(question, [0, 'wake;eat;walk;sleep'])).toEqual([1]);
    expect(marks(question, [0, 'wake;eat;sleep;walk'])).toEqual([0.5]);
    expect(answerText(question)).toBe('wake;eat;walk;sleep');
  });

  it('form words and categorising mark each sub-question; unanswered parts score 0', () => {
    const words = stored({
      type: 'form_words',
      prompt: 'Make the words',
      words: [
        { tiles: ['sun', 'flower'], answer: 'sunflower' },
        { tiles: ['c', 'a', 't'], answer: 'cat' },
      ],
      outcomes,
    });
    expect(marks(words, [1, 'Sunflower'], [2, 'act'])).toEqual([1, 0]);
    expect(markQuestion(words, [{ subQuestionNum: 2, selectedOption: 'cat' }])).toEqual([
      { subQuestionNum: 1, selectedOption: '', marks: 0, maxMarks: 1 },
      { subQuestionNum: 2, selectedOption: 'cat', marks: 1, maxMarks: 1 },
    ]);
    expect([answerText(words), answerText(words, 2), answerText(words, 3)]).toEqual([
      'sunflower;cat',
      'cat',
      '',
    ]);
    const sort = stored({
      type: 'categorising',
      prompt: 'Sort',
      categories: ['animal', 'plant'],
      items: [
        { text: 'fox', category: 0 },
        { text: 'oak', category: 1 },
        { text: 'owl', category: 0 },
        { text: 'fern', category: 1 },
      ],
      outcomes,
    });
    const items = sort.content.items as string[];
    const right = items.map((item, index): [number, string] => [
      index + 1,
      ['fox', 'owl'].includes(item) ? 'animal' : 'plant',
    ]);
    expect(marks(sort, ...right)).toEqual([1, 1, 1, 1]);
    expect(marks(sort, [1, 'nonsense'])).toEqual([0, 0, 0, 0]);
    expect(answerText(sort, 5)).toBe('');
  });

  it('word from sentence: the word, ignoring case', () => {
    const question = stored({
      type: 'word_from_sentence',
      prompt: 'Which word means big?',
      sentence: 'The huge dog ran.',
      answer: 'huge',
      outcomes,
    });
    expect(marks(question, [0, 'Huge'])).toEqual([1]);
  });

  it('a key missing from the stored question marks nothing right', () => {
    const broken = (typeId: number): StoredQuestionRow => ({
      id: 1,
      questionNum: 1,
      typeId,
      prompt: '?',
      content: {},
      answerKey: {},
      marks: 1,
    });
    const { Sequencing, FormWords, Categorising } = QuestionType;
    const keys = [answerText(broken(Sequencing)), answerText(broken(FormWords), 1), answerText(broken(99))];
    expect(keys).toEqual(['', '', '']);
    expect(answerText({ ...broken(Categorising), answerKey: { item_categories: [0, 1] } }, 2)).toBe('');
    expect(marks(broken(Sequencing), [0, 'wake;eat'])).toEqual([0]);
  });

  it('refuses sub-question numbers a question does not have', () => {
    const mcq = stored({ type: 'mcq', prompt: 'Colour?', options: ['red', 'blue'], answer: 0, outcomes });
    expect(answerProblem(mcq, 0)).toBeNull();
    expect(answerProblem(mcq, 1)).toMatch(/no sub-questions/);
    const words = stored({
      type: 'form_words',
      prompt: 'Make',
      words: [{ tiles: ['c', 'at'], answer: 'cat' }],
      outcomes,
    });
    expect(answerProblem(words, 1)).toBeNull();
    expect(answerProblem(words, 0)).toMatch(/between 1 and 1/);
    expect(answerProblem(words, 2)).toMatch(/between 1 and 1/);
  });
});

describe('a quiz’s score (R10), at submission and after a teacher’s mark (R25)', () => {
  it('counts only marked parts, to 2 decimals; null while nothing is marked', () => {
    const waiting = { marks: null, maxMarks: 1 };
    expect(quizScore([{ marks: 1, maxMarks: 1 }, { marks: 1, maxMarks: 1 }, waiting])).toEqual({
      totalScore: 2,
      scorePercent: 100,
    });
    expect(
      quizScore([
        { marks: 1, maxMarks: 1 },
        { marks: 0, maxMarks: 1 },
        { marks: 0.5, maxMarks: 1 },
      ]),
    ).toEqual({
      totalScore: 1.5,
      scorePercent: 50,
    });
    expect(quizScore([{ marks: 2, maxMarks: 3 }])).toEqual({ totalScore: 2, scorePercent: 66.67 });
    expect(quizScore([waiting])).toEqual({ totalScore: 0, scorePercent: null });
  });
});

import { describe, expect, it } from 'vitest';
import { shuffledOrder, storeQuestion } from '../src/questions.js';
import type { Question } from '../src/schema.js';

const base = { prompt: 'Q?', outcomes: ['COMP.KEY_DETAILS'] };

describe('storeQuestion', () => {
  it('shows options shuffled and keys the right one wherever it lands', () => {
    const question: Question = { ...base, type: 'mcq', options: ['right', 'b', 'c', 'd'], answer: 0 };
    const positions = new Set<number>();
    for (let n = 1; n <= 20; n += 1) {
      const stored = storeQuestion(question, `book#${n}`);
      const options = stored.content.options as string[];
      expect([...options].sort()).toEqual(['b', 'c', 'd', 'right']);
      expect(options[stored.answerKey.answer as number]).toBe('right');
      expect(stored.answerKey.answer_text).toBe('right');
      positions.add(stored.answerKey.answer as number);
    }
    // Writers often put the right answer first; shown, it is not always first.
    expect(positions.size).toBeGreaterThan(1);
  });

  it('is the same every time for the same question', () => {
    const question: Question = { ...base, type: 'sequencing', items: ['a', 'b', 'c', 'd', 'e'] };
    expect(storeQuestion(question, 'book#1')).toEqual(storeQuestion(question, 'book#1'));
  });

  it('never shows a sequence or tiles in the order that is the answer', () => {
    for (let n = 0; n < 200; n += 1) {
      const sequence = storeQuestion({ ...base, type: 'sequencing', items: ['a', 'b', 'c'] }, `s#${n}`);
      expect(sequence.content.items).not.toEqual(['a', 'b', 'c']);
      const tiles = storeQuestion(
        { ...base, type: 'form_words', words: [{ tiles: ['b', 'a', 'l', 'l'], answer: 'ball' }] },
        `t#${n}`,
      );
      expect((tiles.content.words as { tiles: string[] }[])[0]!.tiles.join('')).not.toBe('ball');
    }
  });

  it('keeps every answer out of the content, by type, and counts sub-questions as marks', () => {
    const questions: Question[] = [
      { ...base, type: 'short_answer', accepted: ['Dad'] },
      { ...base, type: 'open_ended', guidance: 'Mentions the wind.' },
      { ...base, type: 'word_from_sentence', sentence: 'The wind is strong.', answer: 'strong' },
      { ...base, type: 'discard_option', options: ['red', 'blue', 'kite'], answer: 2 },
      {
        ...base,
        type: 'form_words',
        words: [
          { tiles: ['ki', 'te'], answer: 'kite' },
          { tiles: ['tr', 'ee'], answer: 'tree' },
        ],
      },
      {
        ...base,
        type: 'categorising',
        categories: ['sky', 'ground'],
        items: [
          { text: 'kite', category: 0 },
          { text: 'grass', category: 1 },
          { text: 'cloud', category: 0 },
          { text: 'path', category: 1 },
        ],
      },
    ];
    const stored = questions.map((question, n) => storeQuestion(question, `q#${n}`));
    expect(stored.map((question) => question.typeId)).toEqual([2, 3, 6, 7, 5, 8]);
    expect(stored.map((question) => question.marks)).toEqual([1, 1, 1, 1, 2, 4]);
    expect(stored[0]!.content).toEqual({});
    expect(stored[1]!.content).toEqual({});
    expect(stored[2]!.content).toEqual({ sentence: 'The wind is strong.' });
    const discard = stored[3]!;
    expect((discard.content.options as string[])[discard.answerKey.answer as number]).toBe('kite');
    expect(stored[4]!.answerKey).toEqual({ words: ['kite', 'tree'] });
    const categorising = stored[5]!;
    const shown = categorising.content.items as string[];
    const keyed = categorising.answerKey.item_categories as number[];
    expect(shown.map((item, index) => [item, keyed[index]]).sort()).toEqual([
      ['cloud', 0],
      ['grass', 1],
      ['kite', 0],
      ['path', 1],
    ]);
    for (const question of stored) {
      expect(JSON.stringify(question.content)).not.toMatch(/"(answer|accepted|guidance|category)"/);
    }
  });
});

describe('shuffledOrder', () => {
  it('is a permutation', () => {
    const order = shuffledOrder(['a', 'b', 'c', 'd', 'e', 'f'], 'seed', false);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('leaves alone what cannot be shown another way', () => {
    expect(shuffledOrder(['a'], 'seed', true)).toEqual([0]);
    expect(shuffledOrder(['x', 'x'], 'seed', true).length).toBe(2);
  });
});

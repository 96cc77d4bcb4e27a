/**
 * A question as stored: what the student is shown (`content`) apart from the answer key (`answerKey`), which is
 * never sent to a student before they submit. Options, items and tiles are shuffled deterministically: the same
 * question of the same passage is always shown the same way, and an order that is itself the answer (sequencing,
 * tiles) is never shown as written.
 */
import { createHash } from 'node:crypto';
import { QUESTION_TYPE_IDS, type Question } from './schema.js';

export interface StoredQuestion {
  typeId: number;
  prompt: string;
  /** Shown to the student. */
  content: Record<string, unknown>;
  /** Used to mark; positions refer to the order in `content`. */
  answerKey: Record<string, unknown>;
  /** 1, or one per sub-question (form_words: per word, categorising: per item). */
  marks: number;
  outcomes: string[];
}

/** `seed` names the question (e.g. `<slug>#3`) so its shuffles are stable across imports. */
export function storeQuestion(question: Question, seed: string): StoredQuestion {
  const base = {
    typeId: QUESTION_TYPE_IDS[question.type],
    prompt: question.prompt,
    outcomes: question.outcomes,
  };
  switch (question.type) {
    case 'mcq':
    case 'discard_option': {
      const order = shuffledOrder(question.options, seed, false);
      return {
        ...base,
        content: { options: order.map((index) => question.options[index]!) },
        answerKey: {
          answer: order.indexOf(question.answer),
          answer_text: question.options[question.answer]!,
        },
        marks: 1,
      };
    }
    case 'short_answer':
      return { ...base, content: {}, answerKey: { accepted: question.accepted }, marks: 1 };
    case 'open_ended':
      return { ...base, content: {}, answerKey: { guidance: question.guidance }, marks: 1 };
    case 'sequencing': {
      const order = shuffledOrder(question.items, seed, true);
      return {
        ...base,
        content: { items: order.map((index) => question.items[index]!) },
        answerKey: { items: question.items },
        marks: 1,
      };
    }
    case 'form_words':
      return {
        ...base,
        content: {
          words: question.words.map((word, n) => ({
            tiles: shuffledOrder(word.tiles, `${seed}/${n}`, true).map((index) => word.tiles[index]!),
          })),
        },
        answerKey: { words: question.words.map((word) => word.answer) },
        marks: question.words.length,
      };
    case 'word_from_sentence':
      return {
        ...base,
        content: { sentence: question.sentence },
        answerKey: { answer: question.answer },
        marks: 1,
      };
    case 'categorising': {
      const order = shuffledOrder(
        question.items.map((item) => item.text),
        seed,
        false,
      );
      return {
        ...base,
        content: {
          categories: question.categories,
          items: order.map((index) => question.items[index]!.text),
        },
        answerKey: { item_categories: order.map((index) => question.items[index]!.category) },
        marks: question.items.length,
      };
    }
  }
}

/**
 * A permutation of the items' positions from a seeded generator (Fisher–Yates). With `avoidWritten` the items are
 * never shown in their written order (the shuffle is rotated until they are not, when they can be), since for
 * sequencing and tiles that order is the answer.
 */
export function shuffledOrder(items: readonly string[], seed: string, avoidWritten: boolean): number[] {
  const random = seededRandom(seed);
  let order = items.map((_, index) => index);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const isWritten = (candidate: number[]) => candidate.every((from, to) => items[from] === items[to]);
  for (let turn = 1; avoidWritten && turn < order.length && isWritten(order); turn += 1) {
    order = [...order.slice(1), order[0]!];
  }
  return order;
}

/** mulberry32 seeded from the seed's SHA-256: small, fast, and the same on every machine. */
function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Marking one answer against its key, by question type (docs/rules.md R10): the one rule the server marks quizzes by
 * and the staff's demonstration quiz checks answers with. The key is the text `getPassageQuestions` shows once
 * answers may be seen: several accepted answers, or the items in order, joined with ";".
 */
import { QuestionType } from './domain.js';

export const ANSWER_SEPARATOR = ';';

/** Case, spacing and punctuation do not matter to a typed or formed word. */
export const normaliseAnswer = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

const sameWords = (a: string, b: string) => normaliseAnswer(a) === normaliseAnswer(b);
/** A short answer's spacing and hyphens do not matter either: "bee hive" and "bee-hive" are "beehive" (R10). */
const joined = (text: string) => normaliseAnswer(text).replace(/ /g, '');
const sameLetters = (a: string, b: string) => joined(a) === joined(b);
const parts = (text: string) => text.split(ANSWER_SEPARATOR).map((part) => part.trim());

/**
 * The marks (0–1) an answer earns, or null for an open-ended answer, which waits for a teacher. Sequencing earns
 * the share of items in their place; choices are exact; short answers match any accepted answer loosely, whatever
 * their spacing and hyphens.
 */
export function markAgainstKey(questionTypeId: number, key: string, given: string): number | null {
  switch (questionTypeId) {
    case QuestionType.OpenEnded:
      return null;
    case QuestionType.ShortAnswer:
      return parts(key).some((accepted) => sameLetters(accepted, given)) ? 1 : 0;
    case QuestionType.Sequencing: {
      const expected = parts(key);
      const order = parts(given);
      const inPlace = expected.filter((item, index) => order[index] === item).length;
      return Math.round((inPlace / expected.length) * 100) / 100;
    }
    case QuestionType.FormWords:
    case QuestionType.WordFromSentence:
      return sameWords(key, given) ? 1 : 0;
    default:
      return given.trim() === key ? 1 : 0;
  }
}

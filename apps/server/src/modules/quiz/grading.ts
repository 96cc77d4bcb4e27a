/**
 * Marking by question type (R10), with partial credit per sub-question (form words: per word;
 * categorising: per item); each part is marked against its key by `markAgainstKey` (contracts/marking.ts).
 * Works on questions as stored (content/src/questions.ts): `content` is what the student saw, `answerKey` the key.
 */
import { ANSWER_SEPARATOR as SEPARATOR, QuestionType, markAgainstKey } from '@readalong/contracts';

export interface StoredQuestionRow {
  id: number;
  questionNum: number;
  typeId: number;
  prompt: string;
  content: Record<string, unknown>;
  answerKey: Record<string, unknown>;
  marks: number;
}

/** One answer as the client sends it: a grading row of `submitDiagnostics`. */
export interface Answer {
  subQuestionNum: number;
  selectedOption: string;
}

export interface MarkedAnswer {
  subQuestionNum: number;
  selectedOption: string;
  /** Null while an open-ended answer waits for a teacher. */
  marks: number | null;
  maxMarks: number;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** How many sub-questions a question has: 0 when it is answered as a whole. */
export function subQuestionCount(question: StoredQuestionRow): number {
  if (question.typeId === QuestionType.FormWords) return strings(question.answerKey.words).length;
  if (question.typeId === QuestionType.Categorising) return strings(question.content.items).length;
  return 0;
}

/** The answer key as one text (several joined with ";"), per sub-question where there are some. */
export function answerText(question: StoredQuestionRow, subQuestionNum = 0): string {
  const key = question.answerKey;
  switch (question.typeId) {
    case QuestionType.MCQ:
    case QuestionType.DiscardOption:
      return String(key.answer_text);
    case QuestionType.ShortAnswer:
      return strings(key.accepted).join(SEPARATOR);
    case QuestionType.OpenEnded:
      return String(key.guidance);
    case QuestionType.Sequencing:
      return strings(key.items).join(SEPARATOR);
    case QuestionType.FormWords:
      return subQuestionNum
        ? (strings(key.words)[subQuestionNum - 1] ?? '')
        : strings(key.words).join(SEPARATOR);
    case QuestionType.WordFromSentence:
      return String(key.answer);
    case QuestionType.Categorising: {
      const categories = strings(question.content.categories);
      const itemCategories = (key.item_categories as number[]) ?? [];
      const names = itemCategories.map((index) => categories[index] ?? '');
      return subQuestionNum ? (names[subQuestionNum - 1] ?? '') : names.join(SEPARATOR);
    }
    default:
      return '';
  }
}

/** Marks one answer, already checked to belong to the question (see `answerProblem`). */
export function markAnswer(question: StoredQuestionRow, answer: Answer): MarkedAnswer {
  const { subQuestionNum, selectedOption } = answer;
  const key = answerText(question, subQuestionNum);
  return {
    subQuestionNum,
    selectedOption,
    marks: markAgainstKey(question.typeId, key, selectedOption),
    maxMarks: 1,
  };
}

/** Why an answer cannot belong to the question, or null when it can. */
export function answerProblem(question: StoredQuestionRow, subQuestionNum: number): string | null {
  const count = subQuestionCount(question);
  if (count === 0) return subQuestionNum === 0 ? null : 'this question has no sub-questions (use 0)';
  if (subQuestionNum < 1 || subQuestionNum > count) return `sub_question_num must be between 1 and ${count}`;
  return null;
}

/** Marks for every part of a question, answered or not: unanswered parts score 0. */
export function markQuestion(question: StoredQuestionRow, answers: readonly Answer[]): MarkedAnswer[] {
  const parts = subQuestionCount(question);
  const numbers = parts === 0 ? [0] : Array.from({ length: parts }, (_, index) => index + 1);
  return numbers.map((subQuestionNum) => {
    const answer = answers.find((candidate) => candidate.subQuestionNum === subQuestionNum);
    return answer
      ? markAnswer(question, answer)
      : { subQuestionNum, selectedOption: '', marks: 0, maxMarks: 1 };
  });
}

/** A marked part as a quiz's score counts it: null marks wait for a teacher. */
export interface ScoredPart {
  marks?: number | null | undefined;
  maxMarks: number;
}

const percent = (part: number, whole: number) => Math.round((part / whole) * 100 * 100) / 100;

/**
 * A quiz's score from its marked parts (R10): the marks over the most the marked parts could score, to 2
 * decimals; parts waiting for a teacher stay out, and while nothing is marked the percentage is null.
 * The one rule, at submission and after a teacher's mark (R25).
 */
export function quizScore(parts: readonly ScoredPart[]): { totalScore: number; scorePercent: number | null } {
  const scored = parts.filter((part) => part.marks !== null && part.marks !== undefined);
  const totalScore = scored.reduce((sum, part) => sum + part.marks!, 0);
  const maxScored = scored.reduce((sum, part) => sum + part.maxMarks, 0);
  return { totalScore, scorePercent: maxScored > 0 ? percent(totalScore, maxScored) : null };
}

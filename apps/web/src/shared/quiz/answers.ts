/**
 * A quiz's answers as the student gives them, and how they become the grading rows of docs/rules.md R9: one row per
 * answered question (sub_question_num 0) or sub-question, several answers joined with ";".
 */
import {
  ANSWER_SEPARATOR,
  PROGRESSION,
  QuestionType,
  markAgainstKey,
  type GradingRow,
  type Response,
  type contracts,
} from '@readalong/contracts';

export type QuizQuestion = Response<typeof contracts.getPassageQuestions>['questions'][number];

/** Answers by question id, then by sub-question number (0 for a question answered as a whole). */
export type Answers = Record<number, Record<number, string>>;

/** The parts a question is answered in: its sub-questions, or the question itself. */
export const partsOf = (question: QuizQuestion): number[] =>
  question.sub_questions.length > 0 ? question.sub_questions.map((sub) => sub.sub_question_num) : [0];

/** An order is an answer as soon as it is shown: the items start in the order the quiz gives them. */
export const initialAnswers = (questions: readonly QuizQuestion[]): Answers =>
  Object.fromEntries(
    questions
      .filter((question) => question.question_type_id === QuestionType.Sequencing)
      .map((question) => [question.id, { 0: question.options.join(ANSWER_SEPARATOR) }]),
  );

const given = (answers: Answers, question: QuizQuestion, part: number) =>
  answers[question.id]?.[part]?.trim() ?? '';

export const isAnswered = (question: QuizQuestion, answers: Answers) =>
  partsOf(question).every((part) => given(answers, question, part) !== '');

/** The rows to submit: every answered part, with the seconds spent on its question. The server marks them. */
export function gradingRows(
  questions: readonly QuizQuestion[],
  answers: Answers,
  secondsOn: (questionId: number) => number,
): GradingRow[] {
  return questions.flatMap((question) =>
    partsOf(question)
      .filter((part) => given(answers, question, part) !== '')
      .map((part) => ({
        question_id: question.id,
        question_num: question.question_num,
        sub_question_num: part,
        marks: 0,
        selected_option: given(answers, question, part),
        time_taken: Math.round(secondsOn(question.id)),
      })),
  );
}

/** One marked part: its marks (0–1), or null while a teacher has not marked it. */
export interface MarkedPart {
  questionId: number;
  part: number;
  given: string;
  marks: number | null;
}

/**
 * Marks every part of a question against the keys the quiz shows once answers may be seen (staff, or after
 * submitting), by the rule the server marks with. Used where nothing is submitted: the staff's demonstration quiz.
 */
export function markLocally(question: QuizQuestion, answers: Answers): MarkedPart[] {
  const keyOf = (part: number) =>
    part === 0
      ? question.answer
      : question.sub_questions.find((sub) => sub.sub_question_num === part)?.answer;
  return partsOf(question).map((part) => ({
    questionId: question.id,
    part,
    given: given(answers, question, part),
    marks: markAgainstKey(question.question_type_id, keyOf(part) ?? '', given(answers, question, part)),
  }));
}

/** The score as the server gives it: marks over the most they could be, counting only marked parts; else null. */
export function scorePercent(parts: readonly { marks: number | null }[]): number | null {
  const marked = parts.filter((part) => part.marks !== null);
  if (marked.length === 0) return null;
  return (marked.reduce((sum, part) => sum + part.marks!, 0) / marked.length) * 100;
}

export const isPass = (percent: number | null) =>
  percent === null ? null : percent >= PROGRESSION.passPercent;

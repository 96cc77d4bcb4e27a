import type { QuizQuestion } from '../answers';

/**
 * What every question control takes, in a file of its own: the controls import only this, and the dispatcher
 * (question-field.tsx) imports the controls, so the imports run one way.
 */

/** A question answered as a whole. */
export interface QuestionFieldProps {
  question: QuizQuestion;
  value: string;
  onChange: (value: string) => void;
  /** The id of the question's prompt, which labels the control. */
  labelId: string;
}

/** A question answered in parts (form words: one per word; categorising: one per item). */
export interface PartsFieldProps {
  question: QuizQuestion;
  values: Record<number, string>;
  onPartChange: (part: number, value: string) => void;
  labelId: string;
}

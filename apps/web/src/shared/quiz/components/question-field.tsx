import { QuestionType } from '@readalong/contracts';
import { CategorisingQuestion } from './categorising-question';
import { ChoiceQuestion } from './choice-question';
import { FormWordsQuestion } from './form-words-question';
import { SequencingQuestion } from './sequencing-question';
import type { PartsFieldProps, QuestionFieldProps } from './question-props';
import { OpenEndedAnswer, ShortAnswer } from './text-answer';
import { WordFromSentence } from './word-from-sentence';

const WHOLE_QUESTION_FIELDS: Record<number, (props: QuestionFieldProps) => React.ReactNode> = {
  [QuestionType.MCQ]: ChoiceQuestion,
  [QuestionType.DiscardOption]: ChoiceQuestion,
  [QuestionType.ShortAnswer]: ShortAnswer,
  [QuestionType.OpenEnded]: OpenEndedAnswer,
  [QuestionType.Sequencing]: SequencingQuestion,
  [QuestionType.WordFromSentence]: WordFromSentence,
};

/** The control for one question, by its type (docs/rules.md C15). */
export function QuestionField(props: PartsFieldProps) {
  const { question, values, onPartChange, labelId } = props;
  if (question.question_type_id === QuestionType.FormWords) return <FormWordsQuestion {...props} />;
  if (question.question_type_id === QuestionType.Categorising) return <CategorisingQuestion {...props} />;
  const Field = WHOLE_QUESTION_FIELDS[question.question_type_id] ?? ShortAnswer;
  return (
    <Field
      question={question}
      value={values[0] ?? ''}
      onChange={(value) => onPartChange(0, value)}
      labelId={labelId}
    />
  );
}

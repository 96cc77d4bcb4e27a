import { Alert, Stack } from '@mantine/core';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useFocusOnShow } from '@/components/use-focus-on-show';
import { useState, type ReactNode } from 'react';
import { useQuestions, useSubmission } from '../api/questions';
import { useSubmitQuiz } from '../api/submit-quiz';
import { AnswerReview } from './answer-review';
import { QuizResult, type QuizOutcome } from './quiz-result';
import { QuizRunner } from './quiz-runner';

interface WorksheetQuizProps {
  passageId: number;
  worksheetId: number;
  pages?: readonly { page_num: number; text: string }[];
  finishLabel?: string;
  /** What follows a quiz just submitted: the result, then what to do next. */
  renderResult?: (result: QuizOutcome) => ReactNode;
  /** What to do next, under the result. */
  nextSteps?: ReactNode;
}

/**
 * A student's quiz on their worksheet: answered once (a quiz already submitted shows its marked answers instead),
 * submitted to the server, which marks it and answers the score, coins and any level change.
 */
export function WorksheetQuiz({
  passageId,
  worksheetId,
  pages,
  finishLabel,
  renderResult,
  nextSteps,
}: WorksheetQuizProps) {
  const questions = useQuestions(passageId);
  const submission = useSubmission(worksheetId);
  const submit = useSubmitQuiz(worksheetId);
  const [result, setResult] = useState<QuizOutcome | null>(null);
  const resultRef = useFocusOnShow<HTMLDivElement>(result);

  if (questions.isPending || submission.isPending) {
    return <Loading label="Getting your quiz ready" />;
  }
  if (questions.isError || submission.isError)
    return <QueriesError title="The quiz could not be opened" queries={[questions, submission]} />;
  if (questions.data.questions.length === 0) {
    return (
      <Alert color="blue" variant="light" title="No quiz for this one">
        {nextSteps}
      </Alert>
    );
  }

  const marked = submission.data.completed ? submission.data : null;
  const review = marked && <AnswerReview questions={questions.data.questions} gradings={marked.gradings} />;
  if (result) {
    return (
      <Stack gap="xl" ref={resultRef}>
        {renderResult ? renderResult(result) : <QuizResult result={result}>{nextSteps}</QuizResult>}
        {review}
      </Stack>
    );
  }
  if (marked) {
    return (
      <Stack gap="xl">
        <QuizResult result={storedResult(marked)}>{nextSteps}</QuizResult>
        {review}
      </Stack>
    );
  }
  return (
    <>
      <QuizRunner
        questions={questions.data.questions}
        pages={pages}
        finishLabel={finishLabel}
        finishing={submit.isPending}
        onFinish={(rows) => submit.mutate(rows, { onSuccess: setResult })}
      />
      {submit.isError && (
        <Alert color="red" variant="light" title="Your answers were not sent" mt="md">
          {submit.error.message} Your answers are still here: press the button to send them again.
        </Alert>
      )}
    </>
  );
}

type Submission = NonNullable<ReturnType<typeof useSubmission>['data']>;

/** A quiz submitted earlier, shown as the server marked it: no coins now, they were paid then. */
const storedResult = (submission: Submission): Parameters<typeof QuizResult>[0]['result'] => ({
  score_percent: submission.score_percent,
  passed: submission.passed,
  coins_awarded: 0,
  level_change: null,
});

import { Button, Stack, Text } from '@mantine/core';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useState } from 'react';
import { isPass, markLocally, scorePercent, type Answers } from '../answers';
import { useQuestions } from '../api/questions';
import { AnswerReview } from './answer-review';
import { QuizResult } from './quiz-result';
import { useFocusOnShow } from '@/components/use-focus-on-show';
import { QuizRunner } from './quiz-runner';

/**
 * The quiz exactly as a student sees it, for staff to try (demo-quiz, docs/rules.md C17): answers are checked here against
 * the keys staff may see, with the server's marking rule, and nothing is sent or saved.
 */
export function DemoQuiz({
  passageId,
  pages,
}: {
  passageId: number;
  pages?: readonly { page_num: number; text: string }[];
}) {
  const questions = useQuestions(passageId);
  const [answers, setAnswers] = useState<Answers | null>(null);
  const resultRef = useFocusOnShow<HTMLDivElement>(answers);

  if (questions.isPending) return <Loading label="Getting the quiz ready" />;
  if (questions.isError) return <QueriesError title="The quiz could not be opened" queries={[questions]} />;

  const list = questions.data.questions;
  if (!answers)
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Demonstration: answers are checked here and nothing is saved.
        </Text>
        <QuizRunner
          questions={list}
          pages={pages}
          finishLabel="Check the answers"
          onFinish={(_, given) => setAnswers(given)}
        />
      </Stack>
    );

  const parts = list.flatMap((question) => markLocally(question, answers));
  const score = scorePercent(parts);
  const gradings = parts.map((part) => ({
    question_id: part.questionId,
    question_num: list.find((question) => question.id === part.questionId)!.question_num,
    sub_question_num: part.part,
    selected_option: part.given,
    marks: part.marks ?? 0,
    max_marks: 1,
    time_taken: 0,
    awaiting_teacher: part.marks === null,
    comment: null,
  }));
  return (
    <Stack gap="xl" ref={resultRef}>
      <QuizResult
        result={{ score_percent: score, passed: isPass(score), coins_awarded: 0, level_change: null }}
      >
        <Button variant="default" size="lg" onClick={() => setAnswers(null)}>
          Try the quiz again
        </Button>
      </QuizResult>
      <AnswerReview questions={list} gradings={gradings} />
    </Stack>
  );
}

import { Badge, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ANSWER_SEPARATOR, QuestionType } from '@readalong/contracts';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { Dialog } from '@/components/dialog';
import { useQuestions, useSubmission } from '@/shared/quiz/api/questions';
import type { ReportBook } from '../api/student-report';
import classes from '../student-report.module.css';
import { FiguresTable } from './report-parts';

/** Several parts of an answer as they are meant: an order with arrows, accepted answers with "or", a list with commas. */
function readable(answer: string | null | undefined, typeId: number) {
  if (!answer) return '(no answer)';
  const joiner =
    typeId === QuestionType.Sequencing ? ' → ' : typeId === QuestionType.ShortAnswer ? ' or ' : ', ';
  return answer.split(ANSWER_SEPARATOR).join(joiner);
}

/**
 * One quiz question by question: what the student answered, the key, the marks, and who marked it (the quiz, or a
 * teacher for open-ended answers), so a teacher can say which questions went wrong and why.
 */
export function QuizDetailsDialog({ book, onClose }: { book: ReportBook; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const questions = useQuestions(book.passage_id);
  const submission = useSubmission(book.worksheet_id);
  return (
    <Dialog opened onClose={onClose} title={`Quiz: ${book.title}`} size="xl" fullScreen={isPhone}>
      {questions.isPending || submission.isPending ? (
        <Loading label="Loading the quiz’s answers" />
      ) : questions.isError || submission.isError ? (
        <QueriesError title="The quiz’s answers could not be loaded" queries={[questions, submission]} />
      ) : (
        <Stack gap="sm">
          <Text>
            {submission.data.score_percent === null
              ? 'Not marked yet.'
              : `${Math.round(submission.data.score_percent)}% (${submission.data.total_score} of ${submission.data.max_score} marks)`}
            {submission.data.passed === false && ' · not passed'}
            {submission.data.passed === true && ' · passed'}
          </Text>
          <FiguresTable
            caption="Each answer"
            columns={['#', 'Question', 'Answered', 'Answer key', 'Marks', 'Marked by']}
            numeric={[0, 4]}
            wideOnly={[0, 3, 5]}
            rows={questions.data.questions.flatMap((question, index) => {
              const parts =
                question.sub_questions.length > 0
                  ? question.sub_questions
                  : [{ ...question, sub_question_num: 0 }];
              return parts.map((part) => {
                const row = submission.data.gradings.find(
                  (grading) =>
                    grading.question_id === question.id && grading.sub_question_num === part.sub_question_num,
                );
                const number =
                  part.sub_question_num > 0 ? `${index + 1}.${part.sub_question_num}` : index + 1;
                const marks = !row
                  ? '–'
                  : row.awaiting_teacher
                    ? `– of ${row.max_marks}`
                    : `${row.marks} of ${row.max_marks}`;
                const markedBy = !row ? (
                  'not answered'
                ) : row.awaiting_teacher ? (
                  <Badge color="orange" variant="light" tt="none">
                    waiting for a teacher
                  </Badge>
                ) : question.question_type_id === QuestionType.OpenEnded ? (
                  'a teacher'
                ) : (
                  'the quiz'
                );
                return [
                  number,
                  part.prompt,
                  <>
                    {readable(row?.selected_option, question.question_type_id)}
                    <Text size="xs" c="dimmed" className={classes.phoneOnly}>
                      Key: {readable(part.answer, question.question_type_id)}
                    </Text>
                  </>,
                  readable(part.answer, question.question_type_id),
                  marks,
                  markedBy,
                ];
              });
            })}
          />
        </Stack>
      )}
    </Dialog>
  );
}

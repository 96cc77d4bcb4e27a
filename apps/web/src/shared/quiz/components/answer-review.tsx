import { Badge, Blockquote, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ANSWER_SEPARATOR, QuestionType, type Response, type contracts } from '@readalong/contracts';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import type { QuizQuestion } from '../answers';

type MarkedRow = Response<typeof contracts.getDiagnosticsSubmission>['gradings'][number];

interface AnswerReviewProps {
  questions: readonly QuizQuestion[];
  gradings: readonly MarkedRow[];
}

/** A verdict is never cut short by a long question beside it. */
const NO_SHRINK = { flexShrink: 0 };

const readable = (answer: string) => answer.split(ANSWER_SEPARATOR).join(' → ');

/** The key as a child reads it: a short answer shows its first accepted answer; an order, arrows between items. */
const keyText = (question: QuizQuestion, key: string) =>
  question.question_type_id === QuestionType.ShortAnswer ? key.split(ANSWER_SEPARATOR)[0] : readable(key);

/** A written answer: the teacher marks it and may say something about it (docs/rules.md R24). */
const isTeacherMarked = (question: QuizQuestion) => question.question_type_id === QuestionType.OpenEnded;

/** The teacher's mark of a written answer and their comment, once they have marked it. */
function TeacherMark({ rows }: { rows: readonly MarkedRow[] }) {
  const row = rows[0];
  if (!row || row.awaiting_teacher) return null;
  return (
    <Blockquote p="sm" color="teal">
      <Text fw={700}>
        Your teacher gave {row.marks} of {row.max_marks} {row.max_marks === 1 ? 'mark' : 'marks'}.
      </Text>
      {row.comment && <Text>“{row.comment}”</Text>}
    </Blockquote>
  );
}

/** How one part went: right, partly right, wrong, or waiting for the teacher. */
function Verdict({ rows }: { rows: readonly MarkedRow[] }) {
  if (rows.some((row) => row.awaiting_teacher))
    return (
      <Badge
        size="lg"
        tt="none"
        style={NO_SHRINK}
        color="gray"
        leftSection={<IconClock size={16} aria-hidden />}
      >
        Your teacher will mark this
      </Badge>
    );
  const marks = rows.reduce((sum, row) => sum + row.marks, 0);
  const max = rows.reduce((sum, row) => sum + row.max_marks, 0);
  if (max > 0 && marks >= max)
    return (
      <Badge
        size="lg"
        tt="none"
        style={NO_SHRINK}
        color="green"
        leftSection={<IconCheck size={16} aria-hidden />}
      >
        Right
      </Badge>
    );
  return (
    <Badge
      size="lg"
      tt="none"
      style={NO_SHRINK}
      color={marks > 0 ? 'yellow' : 'red'}
      c={marks > 0 ? 'dark' : undefined}
      leftSection={<IconX size={16} aria-hidden />}
    >
      {marks > 0 ? 'Partly right' : 'Not this time'}
    </Badge>
  );
}

/** The marked quiz, question by question: the student's answers and, where they missed, the answer. */
export function AnswerReview({ questions, gradings }: AnswerReviewProps) {
  return (
    <Stack gap="md" component="section" aria-labelledby="answer-review-heading">
      <Title order={2} size="h3" id="answer-review-heading">
        Your answers
      </Title>
      {questions.map((question, index) => {
        const rows = gradings.filter((row) => row.question_id === question.id);
        const parts =
          question.sub_questions.length > 0 ? question.sub_questions : [{ ...question, sub_question_num: 0 }];
        return (
          <Card key={question.id} withBorder radius="lg" padding="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} size="lg">
                  {index + 1}. {question.prompt}
                </Text>
                <Verdict rows={rows} />
              </Group>
              {parts.map((part) => {
                const row = rows.find((candidate) => candidate.sub_question_num === part.sub_question_num);
                const missed = row && !row.awaiting_teacher && row.marks < row.max_marks;
                const label = part.sub_question_num > 0 ? `${part.prompt}: ` : '';
                return (
                  <Stack key={part.sub_question_num} gap={2}>
                    <Text>
                      {label}
                      <Text span c="dimmed">
                        You said:{' '}
                      </Text>
                      {row?.selected_option ? readable(row.selected_option) : '(no answer)'}
                    </Text>
                    {missed && part.answer !== null && !isTeacherMarked(question) && (
                      <Text c="green">The answer: {keyText(question, part.answer)}</Text>
                    )}
                  </Stack>
                );
              })}
              {isTeacherMarked(question) && <TeacherMark rows={rows} />}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

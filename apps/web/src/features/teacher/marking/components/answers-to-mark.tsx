import {
  Blockquote,
  Button,
  Card,
  EmptyState,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCheck, IconPencilCheck } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import {
  useAnswersToMark,
  useMarkAnswer,
  type AnswerToMark,
  type MarkingFilter,
} from '../api/answers-to-mark';
import { formatWeekday } from '@/lib/dates';

const submittedOn = formatWeekday;

/**
 * The written (open-ended) answers waiting for the teacher's mark, oldest first (docs/rules.md R24), for a class
 * or one student. Each is marked where it stands; once saved it leaves the list and the next answer's marks take
 * the keyboard, so a teacher goes through them one after another.
 */
export function AnswersToMark(filter: MarkingFilter) {
  const answers = useAnswersToMark(filter);
  const [focusId, setFocusId] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  if (answers.isPending) return <Loading label="Loading the answers to mark" />;
  if (answers.isError) {
    return <QueriesError title="The answers to mark could not be loaded" queries={[answers]} />;
  }
  const list = answers.data.pages.flatMap((page) => page.answers);
  const count = answers.hasNextPage ? `${list.length}+` : String(list.length);

  /** After a save: the next answer down (else the one above) takes the focus; with none left, the heading. */
  const moveOn = (savedId: number) => {
    const index = list.findIndex((row) => row.id === savedId);
    const next = list[index + 1] ?? list[index - 1];
    if (next) setFocusId(next.id);
    else headingRef.current?.focus();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1}>
        Written answers to mark ({count})
      </Title>
      {list.length === 0 ? (
        <EmptyState icon={<IconPencilCheck aria-hidden />}>
          <EmptyState.Title order={3}>Nothing to mark</EmptyState.Title>
          <EmptyState.Description>
            When a student answers a question in their own words, the answer waits here for your mark.
          </EmptyState.Description>
        </EmptyState>
      ) : (
        list.map((answer) => (
          <AnswerCard
            key={answer.id}
            answer={answer}
            hasFocus={answer.id === focusId}
            onSaved={() => moveOn(answer.id)}
          />
        ))
      )}
      {answers.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void answers.fetchNextPage()}
          loading={answers.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Show more answers
        </Button>
      )}
    </Stack>
  );
}

function AnswerCard({
  answer,
  hasFocus,
  onSaved,
}: {
  answer: AnswerToMark;
  hasFocus: boolean;
  onSaved: () => void;
}) {
  const [marks, setMarks] = useState<number | string>('');
  const [comment, setComment] = useState(answer.comment ?? '');
  const marksRef = useRef<HTMLInputElement>(null);
  const save = useMarkAnswer();
  const errors = fieldErrorsOf(save.error);
  const titleId = useId();
  useEffect(() => {
    if (!hasFocus) return;
    // Centred, so the fixed header never hides the field that now has the keyboard.
    marksRef.current?.focus({ preventScroll: true });
    marksRef.current?.scrollIntoView?.({ block: 'center' });
  }, [hasFocus]);
  const range = `0–${answer.max_marks}`;

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typeof marks !== 'number') return;
          save.mutate(
            { id: answer.id, marks, comment },
            {
              onSuccess: ({ score_percent: score }) => {
                showToast({
                  type: 'positive',
                  message:
                    score === null
                      ? `Mark saved for ${answer.student_name}.`
                      : `Mark saved: ${answer.student_name}’s quiz is now ${Math.round(score)}%.`,
                });
                onSaved();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5" id={titleId}>
              {answer.student_name} · “{answer.passage_title}”
            </Title>
            <Text size="sm" c="dimmed">
              Question {answer.question_num} · submitted {submittedOn(answer.submitted_at)}
            </Text>
          </div>
          <Text fw={600}>{answer.prompt}</Text>
          <Blockquote p="sm" color="blue" cite={`— ${answer.student_name}`}>
            {answer.answer || '(no answer)'}
          </Blockquote>
          {answer.guidance && (
            <Text size="sm">
              <Text span c="dimmed">
                A good answer:{' '}
              </Text>
              {answer.guidance}
            </Text>
          )}
          <Group align="flex-start" gap="md" wrap="wrap">
            <NumberInput
              ref={marksRef}
              label={`Marks (${range})`}
              description={`Halves allowed, out of ${answer.max_marks}`}
              required
              min={0}
              max={answer.max_marks}
              step={0.5}
              decimalScale={1}
              clampBehavior="strict"
              value={marks}
              onChange={setMarks}
              error={errors.marks}
              w={170}
            />
            <Textarea
              label="Comment for the student (optional)"
              description="They see it with their mark."
              rows={2}
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              error={errors.comment}
              style={{ flex: '1 1 16rem' }}
            />
          </Group>
          {save.error && !errors.marks && !errors.comment && (
            <Text c="red" size="sm" role="alert">
              {save.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={save.isPending}
              disabled={typeof marks !== 'number'}
              leftSection={<IconCheck size={16} aria-hidden />}
            >
              Save mark
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { Alert, Button, Card, Drawer, Group, Image, Progress, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { GradingRow } from '@readalong/contracts';
import { IconArrowLeft, IconArrowRight, IconBook, IconCheck } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { gradingRows, initialAnswers, isAnswered, type Answers, type QuizQuestion } from '../answers';
import { QuestionField } from './question-field';

interface QuizRunnerProps {
  questions: readonly QuizQuestion[];
  /** The passage's pages, to look back at while answering. */
  pages?: readonly { page_num: number; text: string }[];
  finishLabel?: string;
  finishing?: boolean;
  onFinish: (rows: GradingRow[], answers: Answers) => void;
}

/**
 * A quiz, one question at a time: large controls, the place in the quiz always shown, the book a button away,
 * and a reminder of unanswered questions before finishing. Time spent is counted per question.
 */
export function QuizRunner({
  questions,
  pages,
  finishLabel = 'Finish the quiz',
  finishing,
  onFinish,
}: QuizRunnerProps) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(questions));
  const [checking, setChecking] = useState(false);
  const [bookOpen, book] = useDisclosure(false);
  const seconds = useTimePerQuestion(questions[index]?.id);
  const promptId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const warningRef = useRef<HTMLDivElement>(null);

  const question = questions[index]!;
  const unanswered = questions.filter((candidate) => !isAnswered(candidate, answers));
  const isLast = index === questions.length - 1;

  const goTo = (next: number) => {
    setChecking(false);
    setIndex(next);
    // Keyboard and screen-reader users land on the new question, not on a button that moved.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const showsWarning = checking && unanswered.length > 0;
  useEffect(() => {
    if (showsWarning) warningRef.current?.focus();
  }, [showsWarning]);
  const answer = (part: number, value: string) =>
    setAnswers((current) => ({ ...current, [question.id]: { ...current[question.id], [part]: value } }));
  const finish = () => onFinish(gradingRows(questions, answers, seconds.of), answers);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Text fw={700} size="lg">
          Question {index + 1} of {questions.length}
        </Text>
        {pages && pages.length > 0 && (
          <Button variant="light" leftSection={<IconBook size={20} aria-hidden />} onClick={book.open}>
            Look back at the book
          </Button>
        )}
      </Group>
      <Progress
        value={((index + 1) / questions.length) * 100}
        size="lg"
        radius="xl"
        aria-label={`Question ${index + 1} of ${questions.length}`}
      />
      <Card withBorder radius="lg" padding="lg" shadow="sm">
        <Stack gap="md">
          <Title order={2} size="h3" id={promptId} ref={headingRef} tabIndex={-1}>
            {question.prompt}
          </Title>
          {question.image_url && (
            <Image src={question.image_url} alt="" radius="md" mah={220} fit="contain" />
          )}
          <QuestionField
            question={question}
            values={answers[question.id] ?? {}}
            onPartChange={answer}
            labelId={promptId}
          />
        </Stack>
      </Card>
      {/* X5: at 360 px "Back" beside "Finish the quiz" was cut to 36 px; the finish button wraps below instead. */}
      <Group justify="space-between">
        <Button
          size="lg"
          variant="default"
          disabled={index === 0}
          onClick={() => goTo(index - 1)}
          leftSection={<IconArrowLeft size={22} aria-hidden />}
        >
          Back
        </Button>
        {isLast ? (
          <Button
            size="lg"
            color="green"
            loading={finishing}
            rightSection={<IconCheck size={22} aria-hidden />}
            onClick={() => (unanswered.length > 0 ? setChecking(true) : finish())}
          >
            {finishLabel}
          </Button>
        ) : (
          <Button
            size="lg"
            onClick={() => goTo(index + 1)}
            rightSection={<IconArrowRight size={22} aria-hidden />}
          >
            Next
          </Button>
        )}
      </Group>
      {/* X4: under the button that raised it, and it takes focus, so the keyboard is one Tab from its answers. */}
      {checking && unanswered.length > 0 && (
        <Alert
          ref={warningRef}
          tabIndex={-1}
          color="yellow"
          variant="light"
          title="Some questions have no answer yet"
        >
          <Stack gap="sm">
            <Text>
              {unanswered.length === 1
                ? `Question ${questions.indexOf(unanswered[0]!) + 1} has no answer.`
                : `Questions ${unanswered.map((item) => questions.indexOf(item) + 1).join(', ')} have no answer.`}
            </Text>
            <Group>
              <Button onClick={() => goTo(questions.indexOf(unanswered[0]!))}>Answer them</Button>
              <Button variant="default" onClick={finish} loading={finishing}>
                Finish anyway
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {pages && (
        <Drawer
          opened={bookOpen}
          onClose={book.close}
          title="The book"
          position="right"
          size="lg"
          // axe (button-name, X1): Mantine's close button is an unnamed ×.
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <Stack gap="md">
            {pages.map((page) => (
              <Text key={page.page_num} size="lg" style={{ lineHeight: 1.7 }}>
                {page.text}
              </Text>
            ))}
          </Stack>
        </Drawer>
      )}
    </Stack>
  );
}

/** Seconds spent on each question, counting while it is on screen (the one on screen up to now). */
function useTimePerQuestion(currentId: number | undefined) {
  const spent = useRef(new Map<number, number>());
  const shown = useRef<{ id: number; at: number } | null>(null);
  useEffect(() => {
    if (currentId === undefined) return;
    const totals = spent.current;
    const at = Date.now();
    shown.current = { id: currentId, at };
    return () => {
      totals.set(currentId, (totals.get(currentId) ?? 0) + (Date.now() - at) / 1000);
      shown.current = null;
    };
  }, [currentId]);
  return {
    of: (questionId: number) =>
      (spent.current.get(questionId) ?? 0) +
      (shown.current?.id === questionId ? (Date.now() - shown.current.at) / 1000 : 0),
  };
}

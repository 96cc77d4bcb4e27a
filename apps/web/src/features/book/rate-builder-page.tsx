import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { QueriesError } from '@/components/load-error';
import { useInterval } from '@mantine/hooks';
import { IconClock, IconListCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { useAuth } from '@/lib/auth-store';
import { useStudentWorksheet } from '@/shared/passage/start-worksheet';
import { DemoQuiz } from '@/shared/quiz/components/demo-quiz';
import { NextSteps } from '@/shared/quiz/components/next-steps';
import { WorksheetQuiz } from '@/shared/quiz/components/worksheet-quiz';
import { usePassage } from '@/shared/passage/get-passage';
import { useReadingProgress } from '@/shared/reader/use-reading-progress';

type Stage = 'ready' | 'reading' | 'read' | 'questions';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Words per minute, whole: the figure a child compares with last time. */
export const wordsPerMinute = (words: number, seconds: number) =>
  seconds > 0 ? Math.round((words / seconds) * 60) : 0;

/**
 * A rate builder (docs/rules.md C26): a short passage read against the clock, then its questions. The timer starts when
 * the student is ready and stops when they say they are done; the words per minute are theirs to beat next time.
 */
export function RateBuilderPage() {
  const passageId = Number(useParams().bookId);
  return <RateBuilder key={passageId} passageId={passageId} />;
}

function RateBuilder({ passageId }: { passageId: number }) {
  const passage = usePassage(passageId);
  // Staff try the rate builder as a student would; nothing is started or recorded.
  const isStudent = useAuth().userRole === 'student';
  const worksheet = useStudentWorksheet(passageId, 'rate-builder', isStudent);
  const [stage, setStage] = useState<Stage>('ready');
  const [seconds, setSeconds] = useState(0);
  const timer = useInterval(() => setSeconds((current) => current + 1), 1000);
  const lastPage = stage === 'ready' ? undefined : passage.data?.num_pages;
  useReadingProgress({ passageId, pageNum: lastPage, tracking: worksheet.isSuccess, kind: 'rate-builder' });

  if (passage.isPending || (isStudent && worksheet.isPending))
    return <Loading label="Getting your rate builder ready" />;
  if (passage.isError || worksheet.isError)
    return <QueriesError title="This rate builder could not be opened" queries={[passage, worksheet]} />;
  const { title, pages, word_count: words } = passage.data;
  const start = () => {
    setSeconds(0);
    setStage('reading');
    timer.start();
  };
  const stop = () => {
    timer.stop();
    setStage('read');
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="lg">
          Rate builder · {words} words
        </Text>
      </div>
      {stage === 'ready' && (
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="md" align="flex-start">
            <Text size="xl">
              How quickly can you read this well? Read carefully: there are questions after.
            </Text>
            <Button
              size="xl"
              radius="xl"
              leftSection={<IconPlayerPlay size={26} aria-hidden />}
              onClick={start}
            >
              Start the timer
            </Button>
          </Stack>
        </Card>
      )}
      {stage === 'reading' && (
        <>
          <Group gap="sm" aria-hidden>
            <ThemeIcon size={40} radius="xl" variant="light">
              <IconClock size={24} />
            </ThemeIcon>
            <Text size="xl" fw={800} ff="monospace">
              {clock(seconds)}
            </Text>
          </Group>
          <Card withBorder radius="lg" padding="xl" shadow="sm">
            <Stack gap="lg">
              {pages.map((page) => (
                <Text key={page.page_num} size="xl" style={{ lineHeight: 1.8 }}>
                  {page.text}
                </Text>
              ))}
            </Stack>
          </Card>
          <Button size="xl" radius="xl" color="green" onClick={stop}>
            I have finished reading
          </Button>
        </>
      )}
      {stage === 'read' && (
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="md" align="center" ta="center" role="status">
            <Text size="xl">
              You read {words} words in {clock(seconds)}.
            </Text>
            <Text size="2rem" fw={800}>
              {wordsPerMinute(words, seconds)} words a minute
            </Text>
            <Group>
              <Button size="lg" variant="default" onClick={start}>
                Try again
              </Button>
              <Button
                size="lg"
                color="green"
                rightSection={<IconListCheck size={22} aria-hidden />}
                onClick={() => setStage('questions')}
              >
                Answer the questions
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {stage === 'questions' &&
        (worksheet.isSuccess ? (
          <WorksheetQuiz
            passageId={passageId}
            worksheetId={worksheet.data.worksheet_id}
            pages={pages}
            nextSteps={<NextSteps />}
          />
        ) : (
          <DemoQuiz passageId={passageId} pages={pages} />
        ))}
    </Stack>
  );
}

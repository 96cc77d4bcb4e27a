import { Button, Card, ColorSwatch, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { QueriesError } from '@/components/load-error';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconBooks, IconCompass } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { bandOf, levelLabel } from '@/lib/levels';
import { usePassage } from '@/shared/passage/get-passage';
import { useStudentWorksheet } from '@/shared/passage/start-worksheet';
import { AnswerQuestionsButton } from '@/shared/quiz/components/answer-questions-button';
import { PassagePages } from '@/shared/quiz/components/passage-pages';
import type { QuizOutcome } from '@/shared/quiz/components/quiz-result';
import { WorksheetQuiz } from '@/shared/quiz/components/worksheet-quiz';

/**
 * The placement test (docs/rules.md C26, C16): short passages from easy to harder, then their questions; the score places the
 * student in a band of the test's series (docs/rules.md L6, R15), and their books start there.
 */
export function PlacementPage() {
  const test = useQuery({ queryKey: PLACEMENT_TEST_KEY, queryFn: () => api('getPlacementTest') });
  if (test.isPending) return <Loading label="Finding your placement test" />;
  if (test.isError) return <QueriesError title="The placement test could not be opened" queries={[test]} />;
  return <PlacementTest key={test.data.passage_id} passageId={test.data.passage_id} />;
}

const PLACEMENT_TEST_KEY = ['students', 'placement-test'];

type Stage = 'welcome' | 'reading' | 'questions';

function PlacementTest({ passageId }: { passageId: number }) {
  const passage = usePassage(passageId);
  const worksheet = useStudentWorksheet(passageId);
  const [stage, setStage] = useState<Stage>('welcome');
  if (passage.isPending || worksheet.isPending) return <Loading label="Getting your placement test ready" />;
  if (passage.isError || worksheet.isError)
    return <QueriesError title="The placement test could not be opened" queries={[passage, worksheet]} />;
  const { pages } = passage.data;

  return (
    <Stack gap="lg">
      <Title order={2}>Find your reading level</Title>
      {stage === 'welcome' && (
        <Card withBorder radius="lg" padding="xl">
          <Stack gap="md" align="flex-start">
            <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
              <IconCompass size={36} />
            </ThemeIcon>
            <Text size="xl">This short test finds the books that fit you best.</Text>
            <List size="lg" spacing="xs">
              <List.Item>
                Read {pages.length} short passages. Each one is a little harder than the last.
              </List.Item>
              <List.Item>Then answer the questions. You can look back at the passages.</List.Item>
              <List.Item>Just do your best. You cannot fail this test.</List.Item>
            </List>
            <Button size="xl" radius="xl" onClick={() => setStage('reading')}>
              Start reading
            </Button>
          </Stack>
        </Card>
      )}
      {stage === 'reading' && (
        <PassagePages
          pages={pages}
          finish={<AnswerQuestionsButton onClick={() => setStage('questions')} />}
        />
      )}
      {stage === 'questions' && (
        <WorksheetQuiz
          passageId={passageId}
          worksheetId={worksheet.data.worksheet_id}
          pages={pages}
          finishLabel="Finish the test"
          renderResult={(result) => <PlacementResult result={result} />}
          nextSteps={<FirstBookLink />}
        />
      )}
    </Stack>
  );
}

/** Where the test placed the student, or the next test to take. */
function PlacementResult({ result }: { result: QuizOutcome }) {
  const queryClient = useQueryClient();
  if (result.placement_test_id !== null)
    return (
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="md" align="center" ta="center">
          <Title order={2}>One more short test</Title>
          <Text size="lg">You did so well that there is one more test to find your level.</Text>
          <Button
            size="xl"
            radius="xl"
            onClick={() => void queryClient.invalidateQueries({ queryKey: PLACEMENT_TEST_KEY })}
          >
            Take the next test
          </Button>
        </Stack>
      </Card>
    );
  const band = bandOf(result.colour_band_id);
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm">
      <Stack gap="md" align="center" ta="center" role="status">
        <Title order={2}>You found your level!</Title>
        <Group gap="sm" wrap="nowrap">
          {band && <ColorSwatch color={band.colour} size={36} aria-hidden />}
          <Text size="xl" fw={800}>
            {levelLabel(result.series_id, result.colour_band_id)}
          </Text>
        </Group>
        <Text size="lg">
          Your books are waiting for you. Read five books and pass their quizzes to move up.
        </Text>
        <FirstBookLink />
      </Stack>
    </Card>
  );
}

function FirstBookLink() {
  return (
    <Button
      component={Link}
      to={paths.student.powerBuilders.getHref()}
      size="xl"
      radius="xl"
      leftSection={<IconBooks size={26} aria-hidden />}
    >
      Find my first book
    </Button>
  );
}

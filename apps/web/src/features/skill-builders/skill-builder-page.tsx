import { Stack, Text, Title } from '@mantine/core';
import { QueriesError } from '@/components/load-error';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { usePassage } from '@/shared/passage/get-passage';
import { useReadingProgress } from '@/shared/reader/use-reading-progress';
import { useStudentWorksheet } from '@/shared/passage/start-worksheet';
import { NextSteps } from '@/shared/quiz/components/next-steps';
import { AnswerQuestionsButton } from '@/shared/quiz/components/answer-questions-button';
import { PassagePages } from '@/shared/quiz/components/passage-pages';
import { WorksheetQuiz } from '@/shared/quiz/components/worksheet-quiz';

/**
 * A skill builder (docs/rules.md C26: no navigation bar): a short passage that practises one or two learning outcomes,
 * read page by page, then its questions. Reading every page and submitting the quiz completes it (+5 coins).
 */
export function SkillBuilderPage() {
  const passageId = Number(useParams().skillBuilderId);
  return <SkillBuilder key={passageId} passageId={passageId} />;
}

function SkillBuilder({ passageId }: { passageId: number }) {
  const passage = usePassage(passageId);
  const worksheet = useStudentWorksheet(passageId);
  const [pageNum, setPageNum] = useState<number>();
  const [answering, setAnswering] = useState(false);
  useReadingProgress({ passageId, pageNum, tracking: worksheet.isSuccess });

  if (passage.isPending || worksheet.isPending) return <Loading label="Getting your skill builder ready" />;
  if (passage.isError || worksheet.isError)
    return <QueriesError title="This skill builder could not be opened" queries={[passage, worksheet]} />;
  const { title, pages } = passage.data;
  return (
    <Stack gap="lg" maw={900} mx="auto" w="100%">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="lg">
          Skill builder
        </Text>
      </div>
      {answering ? (
        <WorksheetQuiz
          passageId={passageId}
          worksheetId={worksheet.data.worksheet_id}
          pages={pages}
          nextSteps={<NextSteps />}
        />
      ) : (
        <PassagePages
          pages={pages}
          onPage={setPageNum}
          finish={<AnswerQuestionsButton onClick={() => setAnswering(true)} />}
        />
      )}
    </Stack>
  );
}

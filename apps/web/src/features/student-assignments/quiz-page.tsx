import { Stack, Text, Title } from '@mantine/core';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useParams } from 'react-router';
import { useWorksheetPassage } from '@/shared/passage/get-passage';
import { assignmentSteps } from '@/shared/passage/next-step';
import { NextSteps } from '@/shared/quiz/components/next-steps';
import { WorksheetQuiz } from '@/shared/quiz/components/worksheet-quiz';

/** The quiz of an assigned book (the “Student assignments” area, docs/rules.md C26), on the student's worksheet for it. */
export function AssignmentQuizPage() {
  const worksheetId = Number(useParams().worksheetId);
  const passage = useWorksheetPassage(worksheetId);
  if (passage.isPending) return <Loading label="Getting your quiz ready" />;
  if (passage.isError) return <QueriesError title="This quiz could not be opened" queries={[passage]} />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{passage.data.title}</Title>
        <Text c="dimmed" size="lg">
          Assignment quiz
        </Text>
      </div>
      <WorksheetQuiz
        passageId={passage.data.id}
        worksheetId={worksheetId}
        pages={passage.data.pages}
        nextSteps={<NextSteps book={passage.data} steps={assignmentSteps(worksheetId)} />}
      />
    </Stack>
  );
}

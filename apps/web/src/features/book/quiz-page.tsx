import { Stack, Title } from '@mantine/core';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';
import { useStudentWorksheet } from '@/shared/passage/start-worksheet';
import { NextSteps } from '@/shared/quiz/components/next-steps';
import { WorksheetQuiz } from '@/shared/quiz/components/worksheet-quiz';
import { usePassage } from '@/shared/passage/get-passage';
import { libraryBookSteps } from '@/shared/passage/next-step';

/** A book's questions (the “Power-builders area”, docs/rules.md C26). Staff who open it see the demonstration instead. */
export function BookQuizPage() {
  const { bookId = '' } = useParams();
  const { userRole } = useAuth();
  if (userRole !== 'student') return <Navigate to={paths.book.demoQuiz.getHref(bookId)} replace />;
  return <StudentBookQuiz key={bookId} passageId={Number(bookId)} />;
}

function StudentBookQuiz({ passageId }: { passageId: number }) {
  const passage = usePassage(passageId);
  const worksheet = useStudentWorksheet(passageId);
  if (passage.isPending || worksheet.isPending) return <Loading label="Getting your quiz ready" />;
  if (passage.isError || worksheet.isError)
    return <QueriesError title="This quiz could not be opened" queries={[passage, worksheet]} />;
  return (
    <Stack gap="lg">
      <Title order={2}>{passage.data.title}</Title>
      <WorksheetQuiz
        passageId={passageId}
        worksheetId={worksheet.data.worksheet_id}
        pages={passage.data.pages}
        nextSteps={<NextSteps book={passage.data} steps={libraryBookSteps(passageId)} />}
      />
    </Stack>
  );
}

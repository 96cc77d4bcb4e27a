import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { DemoQuiz } from '@/shared/quiz/components/demo-quiz';
import { usePassage } from '@/shared/passage/get-passage';

/** A demonstration of a book's quiz (docs/rules.md C26): staff answer it as a student would; nothing is saved. */
export function DemoQuizPage() {
  const { bookId = '' } = useParams();
  const passage = usePassage(Number(bookId));
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{passage.data?.title ?? 'Quiz'}</Title>
        <Text c="dimmed" size="lg">
          Demo quiz
        </Text>
      </div>
      <DemoQuiz key={bookId} passageId={Number(bookId)} pages={passage.data?.pages} />
    </Stack>
  );
}

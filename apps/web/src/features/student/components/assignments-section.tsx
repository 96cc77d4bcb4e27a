import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNewAssignments } from '../api/have-new-assignments';
import { useAssignments } from '../api/list-assignments';
import { useMarkAssignmentsSeen } from '../api/mark-assignments-seen';
import { AssignmentList } from './assignment-list';
import { LoadError } from '@/components/load-error';

/**
 * Home's "From your teacher": the assignments still to do, the new ones marked. Once the list is on screen the
 * new ones count as seen.
 */
export function AssignmentsSection() {
  const assignments = useAssignments();
  const newAssignments = useNewAssignments();
  const toDo = assignments.data?.filter((assignment) => !assignment.completed) ?? [];
  const newCount = newAssignments.data?.have_new ? newAssignments.data.count : 0;
  useMarkSeenOnceShown(assignments.isSuccess && newCount > 0);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="assignments-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="assignments-heading">
          From your teacher
        </Title>
        {assignments.isPending ? (
          <Skeleton height={96} radius="md" role="status" aria-label="Loading your teacher’s books" />
        ) : assignments.isError ? (
          <LoadError
            title="Your teacher’s books could not be loaded"
            error={assignments.error}
            retry={() => void assignments.refetch()}
          />
        ) : toDo.length === 0 ? (
          <Text size="lg">All done! Books your teacher gives you will appear here.</Text>
        ) : (
          <>
            {newCount > 0 && (
              <Text size="lg" fw={700}>
                {newCount === 1 ? 'You have 1 new book to read!' : `You have ${newCount} new books to read!`}
              </Text>
            )}
            <AssignmentList assignments={toDo} newCount={newCount} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function useMarkSeenOnceShown(isShowingNew: boolean) {
  const { mutate, isIdle } = useMarkAssignmentsSeen();
  useEffect(() => {
    if (isShowingNew && isIdle) mutate();
  }, [isShowingNew, isIdle, mutate]);
}

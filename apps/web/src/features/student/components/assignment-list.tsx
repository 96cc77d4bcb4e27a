import { BuilderType } from '@readalong/contracts';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconCheck, IconMicrophone, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { StudentAssignment } from '../api/list-assignments';
import { useStartAssignedBook } from '../api/start-assigned-book';
import { longDay } from './dates';

interface AssignmentListProps {
  assignments: readonly StudentAssignment[];
  /** Assignments to mark New: the server counts them, and the list is newest first. */
  newCount?: number;
}

/** Books a teacher set, each with its one way in: open the student's worksheet, or start it. */
export function AssignmentList({ assignments, newCount = 0 }: AssignmentListProps) {
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {assignments.map((assignment, index) => (
        <AssignmentItem key={assignment.id} assignment={assignment} isNew={index < newCount} />
      ))}
    </Stack>
  );
}

function AssignmentItem({ assignment, isNew }: { assignment: StudentAssignment; isNew: boolean }) {
  const titleId = `assignment-${assignment.id}-title`;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Group gap="xs">
            <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {assignment.passage_title}
            </Title>
            {isNew && (
              <Badge color="red.9" radius="sm" tt="none">
                New
              </Badge>
            )}
            {assignment.completed && (
              <Badge color="green.9" radius="sm" tt="none" leftSection={<IconCheck size={14} aria-hidden />}>
                Done
              </Badge>
            )}
          </Group>
          {assignment.due_at && <Text size="md">Finish by {longDay(assignment.due_at)}</Text>}
          {assignment.read_aloud && (
            <Group gap={6} wrap="nowrap">
              <IconMicrophone size={18} aria-hidden />
              <Text size="md">Read it aloud too</Text>
            </Group>
          )}
          {assignment.note && (
            <Text size="md" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              Your teacher says: “{assignment.note}”
            </Text>
          )}
        </Stack>
        <AssignmentAction assignment={assignment} />
      </Group>
    </Paper>
  );
}

/**
 * Skill and rate builders have their own pages, which start the work themselves; an assigned book opens the
 * student's worksheet for it, started here first if need be.
 */
function AssignmentAction({ assignment }: { assignment: StudentAssignment }) {
  const start = useStartAssignedBook();
  const title = assignment.passage_title;
  const label = assignment.completed ? 'Read again' : assignment.worksheet_id ? 'Keep going' : 'Start';
  const common = {
    size: 'lg',
    variant: assignment.completed ? 'default' : 'filled',
    leftSection: assignment.worksheet_id ? <IconBook2 aria-hidden /> : <IconPlayerPlay aria-hidden />,
    'aria-label': `${label}: ${title}`,
  } as const;

  if (assignment.builder_type_id === BuilderType.SkillBuilder) {
    return (
      <Button component={Link} to={paths.skillBuilder.getHref(assignment.passage_id)} {...common}>
        {label}
      </Button>
    );
  }
  if (assignment.builder_type_id === BuilderType.RateBuilder) {
    return (
      <Button component={Link} to={paths.book.rateBuilder.getHref(assignment.passage_id)} {...common}>
        {label}
      </Button>
    );
  }
  if (assignment.worksheet_id !== null) {
    return (
      <Button component={Link} to={paths.studentAssignment.read.getHref(assignment.worksheet_id)} {...common}>
        {label}
      </Button>
    );
  }
  return (
    <Button onClick={() => start.mutate(assignment)} loading={start.isPending} {...common}>
      {label}
    </Button>
  );
}

import { BuilderType } from '@readalong/contracts';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconBook2, IconCheck, IconMicrophone, IconPlayerPlay } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { StudentAssignment } from '../api/list-assignments';
import { useStartAssignedBook } from '../api/start-assigned-book';
import { longDay } from './dates';
import { WorkLink, WorkList, WorkRow } from './work-row';

interface AssignmentListProps {
  assignments: readonly StudentAssignment[];
  /** Assignments to mark New: the server counts them, and the list is newest first. */
  newCount?: number;
}

/** Books a teacher set, each with its one way in: open the student's worksheet, or start it. */
export function AssignmentList({ assignments, newCount = 0 }: AssignmentListProps) {
  return (
    <WorkList>
      {assignments.map((assignment, index) => (
        <WorkRow
          key={assignment.id}
          id={`assignment-${assignment.id}`}
          title={assignment.passage_title}
          titleBadges={<AssignmentBadges isNew={index < newCount} isDone={assignment.completed === true} />}
          action={<AssignmentAction assignment={assignment} />}
        >
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
        </WorkRow>
      ))}
    </WorkList>
  );
}

function AssignmentBadges({ isNew, isDone }: { isNew: boolean; isDone: boolean }) {
  return (
    <>
      {isNew && (
        <Badge color="red.9" radius="sm" tt="none">
          New
        </Badge>
      )}
      {isDone && (
        <Badge color="green" radius="sm" tt="none" leftSection={<IconCheck size={14} aria-hidden />}>
          Done
        </Badge>
      )}
    </>
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
  const link = {
    label,
    title,
    isPrimary: !assignment.completed,
    icon: assignment.worksheet_id ? <IconBook2 aria-hidden /> : <IconPlayerPlay aria-hidden />,
  };

  if (assignment.builder_type_id === BuilderType.SkillBuilder) {
    return <WorkLink {...link} href={paths.skillBuilder.getHref(assignment.passage_id)} />;
  }
  if (assignment.builder_type_id === BuilderType.RateBuilder) {
    return <WorkLink {...link} href={paths.book.rateBuilder.getHref(assignment.passage_id)} />;
  }
  if (assignment.worksheet_id !== null) {
    return <WorkLink {...link} href={paths.studentAssignment.read.getHref(assignment.worksheet_id)} />;
  }
  return (
    <Button
      size="lg"
      onClick={() => start.mutate(assignment)}
      loading={start.isPending}
      leftSection={link.icon}
      aria-label={`${label}: ${title}`}
    >
      {label}
    </Button>
  );
}

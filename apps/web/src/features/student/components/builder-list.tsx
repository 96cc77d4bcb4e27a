import { Badge, Text } from '@mantine/core';
import { IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import type { StudentBuilder } from '../api/get-student-builders';
import { onDay } from './dates';
import { ScoreBadge } from './score-badge';
import { WorkLink, WorkList, WorkRow } from './work-row';

interface BuilderListProps {
  builders: readonly StudentBuilder[];
  /** Where each builder is done: its own page. */
  hrefOf: (builder: StudentBuilder) => string;
  /** Rate builders show the speed reached. */
  showSpeed?: boolean;
}

/** Skill or rate builders, each with where it came from or how it went, and a way into it. */
export function BuilderList({ builders, hrefOf, showSpeed = false }: BuilderListProps) {
  return (
    <WorkList>
      {builders.map((builder) => {
        const isDone = builder.completed_at !== null;
        const label = isDone ? 'Practise again' : builder.worksheet_id !== null ? 'Keep going' : 'Start';
        return (
          <WorkRow
            key={builder.passage_id}
            id={`builder-${builder.passage_id}`}
            title={builder.title}
            titleBadges={<OriginBadge builder={builder} />}
            action={
              <WorkLink
                label={label}
                title={builder.title}
                href={hrefOf(builder)}
                isPrimary={!isDone}
                icon={isDone ? <IconCheck aria-hidden /> : <IconPlayerPlay aria-hidden />}
              />
            }
          >
            {builder.completed_at !== null && <Text size="md">Done {onDay(builder.completed_at)}</Text>}
            {builder.score_percent !== null && (
              <ScoreBadge scorePercent={builder.score_percent} label="Score" />
            )}
            {showSpeed && builder.wpm !== null && (
              <Text size="md" fw={600}>
                Your speed: {Math.round(builder.wpm)} words a minute
              </Text>
            )}
          </WorkRow>
        );
      })}
    </WorkList>
  );
}

/** Why the builder is on the list: the teacher set it, or it was picked to help the student (docs/rules.md R20). */
function OriginBadge({ builder }: { builder: StudentBuilder }) {
  if (builder.completed_at !== null) {
    return (
      <Badge color="green" radius="sm" tt="none" leftSection={<IconCheck size={14} aria-hidden />}>
        Done
      </Badge>
    );
  }
  if (builder.worksheet_id !== null) {
    return (
      <Badge variant="light" radius="sm" tt="none">
        Started
      </Badge>
    );
  }
  return (
    <Badge variant="light" radius="sm" tt="none">
      {builder.assigned_at !== null ? 'From your teacher' : 'Picked for you'}
    </Badge>
  );
}

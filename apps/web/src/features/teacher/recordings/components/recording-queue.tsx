import {
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ClassRecording } from '../api/class-recordings';
import { formatRate } from '@/shared/read-aloud/fluency-format';
import { formatWeekdayTime } from '@/lib/dates';

export const recordedAt = formatWeekdayTime;
const length = (ms: number) =>
  ms > 0 ? `${Math.floor(ms / 60_000)}:${String(Math.round(ms / 1000) % 60).padStart(2, '0')}` : '–';

/** A class's recordings: those waiting for review first, newest first, then those reviewed. */
export function RecordingQueue({
  recordings,
  reviewHref,
}: {
  recordings: ClassRecording[];
  reviewHref: (id: number) => string;
}) {
  const waiting = recordings.filter((recording) => !recording.grading_completed);
  const reviewed = recordings.filter((recording) => recording.grading_completed);
  if (recordings.length === 0) {
    return (
      <EmptyState icon={<IconMicrophone aria-hidden />}>
        <EmptyState.Title order={2}>No recordings yet</EmptyState.Title>
        <EmptyState.Description>
          When your students read a book aloud, their recordings arrive here for you to review.
        </EmptyState.Description>
      </EmptyState>
    );
  }
  return (
    <Stack gap="xl">
      <RecordingTable
        title={`Waiting for review (${waiting.length})`}
        empty="Nothing waiting: every recording has been reviewed."
        recordings={waiting}
        reviewHref={reviewHref}
      />
      {reviewed.length > 0 && (
        <RecordingTable
          title={`Reviewed (${reviewed.length})`}
          recordings={reviewed}
          reviewHref={reviewHref}
        />
      )}
    </Stack>
  );
}

function RecordingTable({
  title,
  empty,
  recordings,
  reviewHref,
}: {
  title: string;
  empty?: string;
  recordings: ClassRecording[];
  reviewHref: (id: number) => string;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {recordings.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        // X5: no sideways scrolling on a phone: the book and date go under the name, the length is left out.
        <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover className="fit-phone">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th visibleFrom="sm">Book</Table.Th>
              <Table.Th visibleFrom="sm">Recorded</Table.Th>
              <Table.Th visibleFrom="sm">Length</Table.Th>
              <Table.Th w={72}>WCPM</Table.Th>
              <Table.Th w={84}>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recordings.map((recording) => (
              <Table.Tr key={recording.id}>
                <Table.Td fw={600}>
                  {/* The name opens the review too: on a phone the button may be scrolled out of view. */}
                  <Anchor component={Link} to={reviewHref(recording.id)} inherit tabIndex={-1} aria-hidden>
                    {recording.student_name}
                  </Anchor>
                  <Text size="sm" fw={400} hiddenFrom="sm">
                    {recording.passage_title} · {recordedAt(recording.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{recording.passage_title}</Table.Td>
                <Table.Td visibleFrom="sm">{recordedAt(recording.created_at)}</Table.Td>
                <Table.Td visibleFrom="sm">{length(recording.duration_ms)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    {formatRate(recording.wcpm)}
                    {recording.grading_completed && !recording.grading_viewed && (
                      <Badge size="xs" variant="light" color="gray" tt="none" visibleFrom="sm">
                        not seen yet
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    component={Link}
                    to={reviewHref(recording.id)}
                    size="xs"
                    px={8}
                    variant={recording.grading_completed ? 'default' : 'filled'}
                    // The name starts with the word the button shows (X7): "Open" a reviewed one, else "Review".
                    aria-label={`${recording.grading_completed ? 'Open' : 'Review'} ${recording.student_name}’s reading of ${recording.passage_title}`}
                  >
                    {recording.grading_completed ? 'Open' : 'Review'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

import { Anchor, Badge, Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useFocusOnShow } from '@/components/use-focus-on-show';
import { ExportClassButton } from '@/shared/class-export/export-class-button';
import { useScopedHref } from '@/shared/school-scope/school-scope';
import { ChosenClass } from './components/chosen-class';
import { useClassRecordings, type ClassRecording } from './recordings/api/class-recordings';
import { RecordingQueue, recordedAt } from './recordings/components/recording-queue';
import { RecordingReview } from './recordings/components/recording-review';
import { ReadingGoals } from './goals/components/reading-goals';
import { AnswersToMark } from './marking/components/answers-to-mark';

/**
 * Class detail (the “Teacher area”, docs/rules.md C26): the class's read-aloud recordings waiting for review, and the review
 * of one; below the list, the written answers waiting for a mark (R24), then the class's reading goals (G1, G2). The
 * class and the recording open are in the address (`?class=&recording=`), so a review can be shared or reloaded.
 */
export function TeacherClassPage() {
  const [search] = useSearchParams();
  const recordingId = Number(search.get('recording')) || null;
  return (
    <ChosenClass whenNone="Classes you teach will appear here.">
      {(current, picker) => (
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3">
              {current.name}
            </Title>
            <Group gap="sm" align="flex-end" wrap="wrap">
              {picker}
              <ExportClassButton klass={current} />
            </Group>
          </Group>
          <ClassRecordings classId={current.id} recordingId={recordingId} />
          {recordingId === null && <AnswersToMark classId={current.id} />}
          {recordingId === null && <ReadingGoals classId={current.id} />}
        </Stack>
      )}
    </ChosenClass>
  );
}

function ClassRecordings({ classId, recordingId }: { classId: number; recordingId: number | null }) {
  const recordings = useClassRecordings(classId);
  // C28: a department head's picked school stays in the address.
  const scoped = useScopedHref();
  const href = (id?: number) => scoped(`?class=${classId}${id === undefined ? '' : `&recording=${id}`}`);
  // X2: opening a review (same address, new query) takes the keyboard to the review's heading.
  const reviewRef = useFocusOnShow<HTMLDivElement>(recordings.data && recordingId);
  if (recordings.isPending) return <Loading label="Loading the class’s recordings" />;
  if (recordings.isError) {
    return <QueriesError title="The class’s recordings could not be loaded" queries={[recordings]} />;
  }
  const open = recordings.data.find((recording) => recording.id === recordingId);
  if (recordingId === null) return <RecordingQueue recordings={recordings.data} reviewHref={href} />;
  if (!open) {
    return (
      <EmptyState>
        <EmptyState.Title order={2}>This recording is not in the class</EmptyState.Title>
        <EmptyState.Actions>
          <Anchor component={Link} to={href()}>
            See the class’s recordings
          </Anchor>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md" ref={reviewRef}>
      <ReviewHeading
        recording={open}
        backHref={href()}
        next={recordings.data.find((other) => !other.grading_completed && other.id !== open.id)}
        nextHref={href}
      />
      <RecordingReview
        key={open.id}
        classId={classId}
        recording={open}
        history={recordings.data.filter(
          (other) => other.student_id === open.student_id && other.passage_id === open.passage_id,
        )}
      />
    </Stack>
  );
}

function ReviewHeading({
  recording,
  backHref,
  next,
  nextHref,
}: {
  recording: ClassRecording;
  backHref: string;
  /** The next recording waiting for review, so a teacher can go through them one after another. */
  next: ClassRecording | undefined;
  nextHref: (id: number) => string;
}) {
  return (
    <div>
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to={backHref} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden /> All recordings
          </Group>
        </Anchor>
        {next && (
          <Button
            component={Link}
            to={nextHref(next.id)}
            variant={recording.grading_completed ? 'filled' : 'default'}
            size="xs"
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            Next waiting: {next.student_name}
          </Button>
        )}
      </Group>
      <Group gap="sm" mt="xs" wrap="wrap">
        <Title order={2} size="h3">
          {recording.student_name} reading “{recording.passage_title}”
        </Title>
        <Badge color={recording.grading_completed ? 'green' : 'orange'} variant="light" tt="none">
          {recording.grading_completed
            ? recording.grading_viewed
              ? 'Reviewed · seen by the student'
              : 'Reviewed'
            : 'Waiting for review'}
        </Badge>
      </Group>
      <Text c="dimmed" size="sm">
        Recorded {recordedAt(recording.created_at)}
        {recording.num_re_recording > 0 && ` · recorded again ${recording.num_re_recording}×`}
      </Text>
    </div>
  );
}

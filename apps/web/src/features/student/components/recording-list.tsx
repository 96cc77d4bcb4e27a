import { Badge, Blockquote, Button, Text } from '@mantine/core';
import { IconListCheck, IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { StudentRecording } from '../api/get-reading-overview';
import { useMarkRecordingViewed } from '../api/mark-recording-viewed';
import { onDay } from './dates';
import { RecordingMarks } from './recording-marks';
import { WorkList, WorkRow } from './work-row';
import { formatAccuracy, formatRate } from '@/shared/read-aloud/fluency-format';

/**
 * The student's read-aloud recordings: waiting for the teacher, or listened to, with the teacher's words and how
 * fast and how well the student read. Feedback on screen is feedback seen (docs/rules.md C24).
 */
export function RecordingList({ recordings }: { recordings: readonly StudentRecording[] }) {
  useMarkShownFeedbackSeen(recordings);
  return (
    <WorkList>
      {recordings.map((recording) => (
        <WorkRow
          key={recording.id}
          id={`recording-${recording.id}`}
          title={recording.passage_title}
          titleBadges={<FeedbackBadges recording={recording} />}
        >
          <Text size="md">Sent {onDay(recording.created_at)}</Text>
          {recording.grading_completed && <Feedback recording={recording} />}
        </WorkRow>
      ))}
    </WorkList>
  );
}

function FeedbackBadges({ recording }: { recording: StudentRecording }) {
  if (!recording.grading_completed) {
    return (
      <Badge variant="light" radius="sm" tt="none">
        Waiting for your teacher
      </Badge>
    );
  }
  return (
    <>
      <Badge color="green" radius="sm" tt="none">
        Your teacher listened
      </Badge>
      {!recording.grading_viewed && (
        <Badge color="red.9" radius="sm" tt="none">
          New
        </Badge>
      )}
    </>
  );
}

function Feedback({ recording }: { recording: StudentRecording }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {recording.comment && (
        <Blockquote
          color="indigo"
          icon={<IconMessageCircle aria-hidden />}
          iconSize={36}
          p="md"
          mt="sm"
          cite="Your teacher"
        >
          <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
            {recording.comment}
          </Text>
        </Blockquote>
      )}
      {recording.wpm !== null && (
        <Text size="md" fw={600}>
          You read {formatRate(recording.wpm)} words a minute.
        </Text>
      )}
      {recording.accuracy !== null && (
        <Text size="md" fw={600}>
          You read {formatAccuracy(recording.accuracy)} of the words just right.
        </Text>
      )}
      <Button
        variant="light"
        size="md"
        mt="xs"
        leftSection={<IconListCheck aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        See your marks and listen
      </Button>
      {open && <RecordingMarks recording={recording} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Tells the server, once per recording, that the student has now seen its feedback. */
function useMarkShownFeedbackSeen(recordings: readonly StudentRecording[]) {
  const { mutate } = useMarkRecordingViewed();
  const marked = useRef(new Set<number>());
  useEffect(() => {
    for (const recording of recordings) {
      if (!recording.grading_completed || recording.grading_viewed || marked.current.has(recording.id))
        continue;
      marked.current.add(recording.id);
      mutate(recording.id);
    }
  }, [recordings, mutate]);
}

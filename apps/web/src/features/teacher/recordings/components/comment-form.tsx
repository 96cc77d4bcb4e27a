import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useCommentRecording, type ClassRecording } from '../api/class-recordings';
import { formatDayTime } from '@/lib/dates';

/** The teacher's words to the student: sending them completes the grading and tells the student. */
export function CommentForm({ classId, recording }: { classId: number; recording: ClassRecording }) {
  const [comment, setComment] = useState(recording.comment ?? '');
  const send = useCommentRecording(classId, recording.id);
  const error = send.error ? (fieldErrorsOf(send.error).comment ?? send.error.message) : null;
  const unchanged = comment.trim() === (recording.comment ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(comment.trim(), {
          onSuccess: () =>
            showToast({ type: 'positive', message: `Comment sent to ${recording.student_name}.` }),
        });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Comment for the student"
          description="They see it with their marks. Sending it completes the review."
          rows={4}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={error}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {recording.graded_at ? `Reviewed ${formatDayTime(recording.graded_at)}` : 'Not reviewed yet'}
          </Text>
          <Button
            type="submit"
            leftSection={<IconSend size={18} aria-hidden />}
            loading={send.isPending}
            disabled={comment.trim() === '' || unchanged}
          >
            {recording.comment ? 'Update comment' : 'Send comment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

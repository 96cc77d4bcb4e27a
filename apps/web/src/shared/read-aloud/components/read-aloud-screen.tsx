import { Alert, Button, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCloudUpload,
  IconMicrophone,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth-store';
import { recordingOutbox, startRecordingOutbox, useRecordingOutbox } from '@/lib/recording-outbox';
import { logReadingActivity, practiceRecordings, reportPracticeTake } from '../practice-recordings';
import { useRecorder, type RecorderStatus } from '../use-recorder';

/**
 * `practice`: the take is the child's own, heard back and counted, never sent. `assignment`: the take goes to the
 * teacher through the outbox. `demo`: staff see exactly what a child sees; nothing is recorded.
 */
export type ReadAloudMode = 'practice' | 'assignment' | 'demo';

/** Where the child goes once the take is sent (C46): the book's next step, or back to their books. */
export interface WayOn {
  label: string;
  href: string;
}

export interface ReadAloudPage {
  page_num: number;
  text: string;
}

interface ReadAloudScreenProps {
  mode: ReadAloudMode;
  title: string;
  passageId: number;
  pages: ReadAloudPage[];
  /** The student's worksheet for this passage (books start theirs on first use). */
  worksheetId: () => Promise<number>;
  /** After "Sent!", the filled button (C46). */
  wayOn?: WayOn;
}

const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The recording screen: the passage page by page in large text, a level meter, and the recorder's controls. */
export function ReadAloudScreen({ mode, title, passageId, pages, worksheetId, wayOn }: ReadAloudScreenProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const recorder = useRecorder();
  const outbox = useRecordingOutbox();
  const [pageIndex, setPageIndex] = useState(0);
  const [reRecordings, setReRecordings] = useState(0);
  const [sentId, setSentId] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const demo = mode === 'demo';
  const page = pages[Math.min(pageIndex, pages.length - 1)];
  const pageIndexRef = useRef(pageIndex);
  useEffect(() => {
    pageIndexRef.current = pageIndex;
  }, [pageIndex]);

  // Takes kept from earlier visits (or a closed tab) are sent as soon as this screen opens.
  useEffect(() => {
    if (!demo) startRecordingOutbox();
  }, [demo]);

  // A take for the teacher belongs to a worksheet: start it while the connection is there, so a take sent after
  // the connection drops can still be kept and sent later.
  useEffect(() => {
    if (mode === 'assignment') void worksheetId().catch(() => undefined);
  }, [mode, worksheetId]);

  // Each finished practice take is counted and reported (docs/rules.md C22).
  const userId = user?.user_id ?? null;
  useEffect(() => {
    if (mode !== 'practice' || !recorder.take || userId === null) return;
    const pageNum = pages[pageIndexRef.current]?.page_num ?? 1;
    void worksheetId()
      .then(() => reportPracticeTake(userId, passageId, pageNum))
      .catch(() => undefined);
    // Once per take.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recorder.take]);

  // Leaving practice logs the reading activity with the practice count, which then resets.
  useEffect(() => {
    if (mode !== 'practice' || userId === null) return;
    const openedAt = new Date().toISOString();
    return () => {
      // Nothing practised, nothing to log (and no worksheet started for it).
      if (practiceRecordings.get(userId, passageId) === 0) return;
      void worksheetId()
        .then((id) => logReadingActivity(userId, passageId, id, openedAt))
        .catch(() => undefined);
    };
  }, [mode, userId, passageId, worksheetId]);

  const playback = useMemo(
    () => (recorder.take ? URL.createObjectURL(recorder.take.blob) : null),
    [recorder.take],
  );
  useEffect(() => () => void (playback && URL.revokeObjectURL(playback)), [playback]);

  const recordAgain = () => {
    setReRecordings((count) => count + 1);
    setSentId(null);
    void recorder.start();
  };

  const send = async () => {
    if (!recorder.take) return;
    setSendError(null);
    try {
      const id = await recordingOutbox.add({
        worksheetId: await worksheetId(),
        file: recorder.take.blob,
        durationMs: recorder.take.durationMs,
        numReRecording: reRecordings,
      });
      setSentId(id);
      recorder.reset();
    } catch (error) {
      setSendError(
        error instanceof Error ? error.message : 'Your recording could not be kept. Please try again.',
      );
    }
  };

  const status: RecorderStatus = recorder.status;
  const live = status === 'recording' || status === 'paused';
  const sentWaiting = sentId !== null && outbox.waitingIds.includes(sentId);
  const sentRefused = outbox.refused.find((recording) => recording.id === sentId);
  const sent = mode === 'assignment' && sentId !== null && !sentWaiting && !sentRefused;

  // The teacher has the take: the book may be finished now (R7), so every view of the student's books asks again.
  useEffect(() => {
    if (!sent) return;
    for (const queryKey of [['passages'], ['worksheets'], ['students']])
      void queryClient.invalidateQueries({ queryKey });
  }, [sent, queryClient]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{title}</Title>
        <Text size="lg" c="dimmed">
          {mode === 'assignment' ? 'Record your reading for your teacher' : 'Practise reading aloud'}
        </Text>
        {demo && (
          <Alert color="blue" variant="light" mt="sm" title="Demonstration: nothing is recorded">
            This is exactly what a student sees. The microphone is not used and nothing is saved.
          </Alert>
        )}
      </div>

      {(status === 'denied' || status === 'unavailable') && <MicrophoneProblem status={status} />}

      {/* X5: the recorder comes before the passage, so its buttons are on screen without scrolling past it. */}
      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Recorder">
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="xl" fw={700} aria-live="polite">
              {status === 'recording'
                ? 'Recording…'
                : status === 'paused'
                  ? 'Paused'
                  : status === 'asking'
                    ? 'Asking for the microphone…'
                    : status === 'stopped'
                      ? 'Listen to your reading'
                      : 'Ready to record'}
            </Text>
            <Text size="xl" ff="monospace" aria-label="Time recorded">
              {clock(recorder.elapsedMs)}
            </Text>
          </Group>
          <Progress
            value={Math.round(recorder.level * 100)}
            size={24}
            radius="xl"
            color={recorder.level > 0.05 ? 'green' : 'gray'}
            aria-label="Microphone loudness"
            transitionDuration={0}
          />
          <Group gap="md">
            {!live && status !== 'stopped' && (
              <Button
                size="xl"
                radius="xl"
                // C46: once sent, the way on is the filled button; recording again is a plain one.
                color={sent ? 'gray' : 'red'}
                variant={sent ? 'default' : 'filled'}
                disabled={demo || status === 'asking'}
                onClick={() => {
                  setSentId(null);
                  void recorder.start();
                }}
                leftSection={<IconMicrophone size={28} aria-hidden />}
              >
                Start recording
              </Button>
            )}
            {status === 'recording' && (
              <Button
                size="xl"
                radius="xl"
                variant="default"
                onClick={recorder.pause}
                leftSection={<IconPlayerPause size={28} aria-hidden />}
              >
                Pause
              </Button>
            )}
            {status === 'paused' && (
              <Button
                size="xl"
                radius="xl"
                onClick={recorder.resume}
                leftSection={<IconPlayerPlay size={28} aria-hidden />}
              >
                Carry on
              </Button>
            )}
            {live && (
              <Button
                size="xl"
                radius="xl"
                color="dark"
                onClick={recorder.stop}
                leftSection={<IconPlayerStop size={28} aria-hidden />}
              >
                Stop
              </Button>
            )}
          </Group>

          {status === 'stopped' && playback && (
            <Stack gap="md">
              {/* The child's own voice reading the passage on screen: there are no captions to give. */}
              {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
              <audio controls src={playback} aria-label="Your recording" style={{ width: '100%' }} />
              <Group gap="md">
                {mode === 'assignment' && (
                  <Button
                    size="xl"
                    radius="xl"
                    color="green"
                    onClick={() => void send()}
                    leftSection={<IconSend size={28} aria-hidden />}
                  >
                    Send to my teacher
                  </Button>
                )}
                <Button
                  size="xl"
                  radius="xl"
                  variant="default"
                  onClick={recordAgain}
                  leftSection={<IconRefresh size={28} aria-hidden />}
                >
                  Record again
                </Button>
              </Group>
            </Stack>
          )}
          {sendError && (
            <Alert color="red" variant="light" role="alert">
              {sendError}
            </Alert>
          )}
        </Stack>
      </Card>

      {sent && (
        <Alert color="green" variant="light" title="Sent!" role="status">
          <Stack gap="md" align="flex-start">
            <Text>Your teacher has your recording.</Text>
            {wayOn && (
              <Button
                component={Link}
                to={wayOn.href}
                size="xl"
                radius="xl"
                color="green"
                rightSection={<IconArrowRight size={28} aria-hidden />}
              >
                {wayOn.label}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {!demo && <OutboxStatus onRecordAgain={recordAgain} />}
      {page && (
        <Card withBorder radius="lg" padding="md" shadow="sm" component="section" aria-label="The passage">
          <Text size="lg" fw={600} aria-live="polite" mb="xs">
            Page {pageIndex + 1} of {pages.length}
          </Text>
          <Text component="p" fz={{ base: 26, sm: 32 }} lh={1.6} fw={500} lang="en">
            {page.text}
          </Text>
          {/* X5: two buttons fit a 360 px phone ("page" only from sm: the name still starts with what shows). */}
          <Group justify="space-between" mt="lg" wrap="nowrap" gap="sm">
            <PageTurn
              direction="previous"
              disabled={pageIndex === 0}
              onClick={() => setPageIndex((index) => Math.max(0, index - 1))}
            />
            <PageTurn
              direction="next"
              disabled={pageIndex >= pages.length - 1}
              onClick={() => setPageIndex((index) => Math.min(pages.length - 1, index + 1))}
            />
          </Group>
        </Card>
      )}
    </Stack>
  );
}

/**
 * "Previous page" or "Next page"; on a phone only "Previous" or "Next" shows. Its name is what it shows (X7): an
 * `aria-label` of its own failed WCAG 2.5.3 once its words came from two elements.
 */
function PageTurn(props: { direction: 'previous' | 'next'; disabled: boolean; onClick: () => void }) {
  const isNext = props.direction === 'next';
  const word = isNext ? 'Next' : 'Previous';
  const arrow = isNext ? <IconArrowRight size={24} aria-hidden /> : <IconArrowLeft size={24} aria-hidden />;
  return (
    <Button
      size="md"
      px="sm"
      variant="default"
      onClick={props.onClick}
      disabled={props.disabled}
      {...(isNext ? { rightSection: arrow } : { leftSection: arrow })}
    >
      {/* The space names it "Next page"; a button's label is a flex box, where it is not drawn, hence the margin. */}
      {word}{' '}
      <Text span inherit visibleFrom="sm" ml="0.3em">
        page
      </Text>
    </Button>
  );
}

function MicrophoneProblem({ status }: { status: 'denied' | 'unavailable' }) {
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={status === 'denied' ? 'We can’t hear you yet' : 'No microphone found'}
    >
      {status === 'denied' ? (
        <Stack gap="xs">
          <Text>This page needs your microphone to record you reading. To let it listen:</Text>
          <List>
            <List.Item>Tap the lock or microphone sign next to the web address.</List.Item>
            <List.Item>Choose “Allow” for the microphone.</List.Item>
            <List.Item>Then press “Start recording” again.</List.Item>
          </List>
          <Text>If it still does not work, ask your teacher or a grown-up to help.</Text>
        </Stack>
      ) : (
        <Text>
          This device has no microphone we can use, or this browser cannot record. Plug in a headset or try
          another device, and ask your teacher if you need help.
        </Text>
      )}
    </Alert>
  );
}

/** Takes waiting for the server, and takes it refused (with its reason). */
function OutboxStatus({ onRecordAgain }: { onRecordAgain: () => void }) {
  const outbox = useRecordingOutbox();
  return (
    <>
      {outbox.waiting > 0 && (
        <Alert color="yellow" variant="light" role="status" title="Waiting to upload…">
          <Stack gap="sm" align="flex-start">
            <Text>
              {outbox.waiting === 1
                ? '1 recording is saved on this device and waiting to upload.'
                : `${outbox.waiting} recordings are saved on this device and waiting to upload.`}{' '}
              It will upload by itself when the internet is back.
            </Text>
            <Button
              size="lg"
              loading={outbox.sending}
              onClick={() => void recordingOutbox.retryNow()}
              leftSection={<IconCloudUpload size={24} aria-hidden />}
            >
              Try now
            </Button>
          </Stack>
        </Alert>
      )}
      {outbox.refused.map((recording) => (
        <Alert
          key={recording.id}
          color="red"
          variant="light"
          role="alert"
          title="This recording was not accepted"
        >
          <Stack gap="sm" align="flex-start">
            <Text>{recording.message}</Text>
            <Group gap="md">
              <Button
                size="lg"
                onClick={() => {
                  void recordingOutbox.discard(recording.id);
                  onRecordAgain();
                }}
                leftSection={<IconRefresh size={24} aria-hidden />}
              >
                Record again
              </Button>
              <Button
                size="lg"
                variant="default"
                onClick={() => void recordingOutbox.discard(recording.id)}
                leftSection={<IconTrash size={24} aria-hidden />}
              >
                Discard
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
    </>
  );
}

import { Alert, Badge, Box, Button, Chip, Grid, Group, Kbd, Paper, Stack, Text, Title } from '@mantine/core';
import { MistakeType, computeFluency, passageWords, type Passage } from '@readalong/contracts';
import { IconAlertTriangle, IconCheck, IconScissors } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { usePassage } from '@/shared/passage/get-passage';
import { MarkLegend, MarkedPassage } from '@/shared/read-aloud/components/marked-passage';
import { MARK_KINDS } from '@/shared/read-aloud/marks';
import { mistakesQueryOptions } from '@/shared/read-aloud/api/mistakes';
import { useSaveMistakes, useTrimRecording, type ClassRecording } from '../api/class-recordings';
import { CommentForm } from './comment-form';
import { FluencyFigures } from './fluency-figures';
import { RecordingHistory } from './recording-history';
import { SaidField } from './said-field';
import { TrimPlayer, formatSeconds, type Trim } from './trim-player';
import { useWordMarking, type Marking, type Tool } from './word-marking';

/** Marks are saved this long after the last change, so a run of clicks is one save. */
const SAVE_AFTER_MS = 800;

interface RecordingReviewProps {
  classId: number;
  recording: ClassRecording;
  /** The student's recordings of the same book, this one included. */
  history: ClassRecording[];
}

/** The teacher's review of one recording: trim, mark the words, read the figures, comment. */
export function RecordingReview({ classId, recording, history }: RecordingReviewProps) {
  const passage = usePassage(recording.passage_id);
  const mistakes = useQuery(mistakesQueryOptions(recording.id));
  if (passage.isPending || mistakes.isPending) return <Loading label="Opening the recording" />;
  if (passage.isError || mistakes.isError) {
    return <QueriesError title="This recording could not be opened" queries={[passage, mistakes]} />;
  }
  return (
    <Review
      classId={classId}
      recording={recording}
      history={history}
      passage={passage.data}
      saved={{ marks: mistakes.data.mistakes, lastWordIndex: mistakes.data.last_word_index }}
    />
  );
}

function Review({
  classId,
  recording,
  history,
  passage,
  saved,
}: RecordingReviewProps & { passage: Passage; saved: Marking }) {
  const words = useMemo(() => passageWords(passage.pages), [passage.pages]);
  const wide = useMediaQuery('(min-width: 62em)');
  const [trim, setTrim] = useState<Trim>(() => initialTrim(recording));
  const { marking, setMarking, status, retry } = useAutosavedMarks(classId, recording.id, saved);
  const [tool, setTool] = useState<Tool>(MistakeType.Omission);
  const editor = useWordMarking(words.length, marking, setMarking, tool);
  const confirmTrim = useTrimRecording(classId, recording.id);
  const trimSaved =
    recording.wpm_confirmed && recording.start_time === trim.start && (recording.end_time ?? 0) === trim.end;
  const fluency = computeFluency({
    passageWords: words.length,
    lastWordIndex: marking.lastWordIndex,
    mistakes: marking.marks.map((mark) => ({ wordIndex: mark.word_index, type: mark.type })),
    startMs: trim.start * 1000,
    endMs: trim.end * 1000,
    durationMs: recording.duration_ms,
  });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="trim-heading">
            <Group justify="space-between" mb="sm">
              <Title order={3} size="h4" id="trim-heading">
                Listen and trim
              </Title>
              {recording.suggested_start !== null && (
                <Text size="sm" c="dimmed">
                  Speech heard from {formatSeconds(recording.suggested_start)} to{' '}
                  {formatSeconds(recording.suggested_end ?? recording.duration_ms / 1000)}
                </Text>
              )}
            </Group>
            {recording.file_url ? (
              <TrimPlayer
                url={recording.file_url}
                durationS={recording.duration_ms / 1000}
                trim={trim}
                onTrimChange={setTrim}
                suggested={suggestedTrim(recording)}
              />
            ) : (
              <Alert color="gray" icon={<IconAlertTriangle aria-hidden />}>
                The audio of this recording was removed after the district’s retention period. Its marks and
                figures stay.
              </Alert>
            )}
            {/* X5: beside the player it trims, so a phone reaches it without scrolling past the passage. */}
            <Button
              mt="md"
              variant={trimSaved ? 'light' : 'filled'}
              leftSection={trimSaved ? <IconCheck aria-hidden /> : <IconScissors aria-hidden />}
              loading={confirmTrim.isPending}
              disabled={!recording.file_url}
              onClick={() => confirmTrim.mutate({ start_time: trim.start, end_time: trim.end })}
            >
              {trimSaved ? 'Trim confirmed' : 'Confirm trim'}
            </Button>
            {confirmTrim.isError && (
              <Text c="red.8" size="sm" mt="xs" role="alert">
                {confirmTrim.error.message}
              </Text>
            )}
          </Paper>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="marks-heading">
            <Group justify="space-between" mb="xs" wrap="wrap">
              <Title order={3} size="h4" id="marks-heading">
                Mark the reading
              </Title>
              <SaveStatus status={status} retry={retry} />
            </Group>
            <Text size="xs" c="dimmed" mb="md">
              Keys on a word: <Kbd>O</Kbd> omission, <Kbd>M</Kbd> mispronunciation, <Kbd>S</Kbd> substitution,{' '}
              <Kbd>I</Kbd> insertion before it (<Kbd>Backspace</Kbd> removes one), <Kbd>L</Kbd> last word
              read, <Kbd>Delete</Kbd> clears, arrows move.
            </Text>
            <MarkLegend />
            {/* Stacked on narrow screens, the sidebar's figures would sit below the whole passage: here instead. */}
            {!wide && (
              <Box my="sm">
                <FluencyFigures fluency={fluency} mistakes={marking.marks.length} />
              </Box>
            )}
            {/* The tool and the question about what was said stay in view while marking down a long passage. */}
            <Box pos="sticky" top={72} bg="var(--mantine-color-body)" py="xs" style={{ zIndex: 2 }}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" id="tool-label">
                  A click marks
                </Text>
                {/* X5: chips wrap onto a second line in a narrow column; a segmented bar ran out of its box. */}
                <Chip.Group
                  value={String(tool)}
                  onChange={(value) => setTool(value === 'last' ? 'last' : (Number(value) as Tool))}
                >
                  <Group gap={6} role="radiogroup" aria-labelledby="tool-label">
                    {[
                      ...MARK_KINDS.map((kind) => ({ value: String(kind.type), label: kind.name })),
                      { value: 'last', label: 'Last word read' },
                    ].map((option) => (
                      <Chip key={option.value} value={option.value} size="sm" type="radio">
                        {option.label}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Group>
              {editor.asking && (
                <SaidField
                  key={`${editor.asking.wordIndex}-${editor.asking.type}-${marking.marks.length}`}
                  question={editor.asking}
                  word={words[editor.asking.wordIndex]?.text ?? ''}
                  onAnswer={editor.said}
                />
              )}
            </Box>
            <div role="group" aria-label="Words of the passage">
              <MarkedPassage
                pages={passage.pages}
                marks={marking.marks}
                lastWordIndex={marking.lastWordIndex}
                editor={editor}
              />
            </div>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        {/* The figures stay in view while the teacher works down a long passage. */}
        <Stack gap="lg" pos={{ base: 'static', md: 'sticky' }} top={80}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="figures-heading">
            <Title order={3} size="h4" id="figures-heading" mb="sm">
              Fluency
            </Title>
            {wide && <FluencyFigures fluency={fluency} mistakes={marking.marks.length} />}
          </Paper>
          <Paper withBorder radius="lg" p="md" component="section" aria-label="Comment">
            <CommentForm key={recording.id} classId={classId} recording={recording} />
          </Paper>
          <RecordingHistory recordings={history} currentId={recording.id} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

const suggestedTrim = (recording: ClassRecording): Trim | null =>
  recording.suggested_start === null
    ? null
    : { start: recording.suggested_start, end: recording.suggested_end ?? recording.duration_ms / 1000 };

/** The saved trim, else the whole recording. */
const initialTrim = (recording: ClassRecording): Trim => ({
  start: recording.start_time ?? 0,
  end: recording.end_time ?? recording.duration_ms / 1000,
});

type SaveState = 'saved' | 'waiting' | 'saving' | 'failed';

/** The marks on screen, saved a moment after each change; a failed save is tried again with the next change. */
function useAutosavedMarks(classId: number, recordingId: number, saved: Marking) {
  const [marking, setMarking] = useState(saved);
  const [dirty, setDirty] = useState(false);
  const save = useSaveMistakes(classId, recordingId);
  const { mutate } = save;
  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => {
      setDirty(false);
      mutate({ mistakes: marking.marks, last_word_index: marking.lastWordIndex });
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [dirty, marking, mutate]);
  const status: SaveState = dirty ? 'waiting' : save.isPending ? 'saving' : save.isError ? 'failed' : 'saved';
  return {
    marking,
    status,
    setMarking: (next: Marking) => {
      setMarking(next);
      setDirty(true);
    },
    retry: () => setDirty(true),
  };
}

function SaveStatus({ status, retry }: { status: SaveState; retry: () => void }) {
  if (status === 'failed') {
    return (
      <Group gap="xs" role="alert">
        <Text c="red.8" size="sm" fw={600}>
          The marks could not be saved.
        </Text>
        <Button size="compact-sm" variant="light" color="red" onClick={retry}>
          Save again
        </Button>
      </Group>
    );
  }
  const shown = {
    saved: { color: 'green', text: 'Marks saved' },
    waiting: { color: 'gray', text: 'Changes not saved yet' },
    saving: { color: 'blue', text: 'Saving…' },
  }[status];
  return (
    <Badge color={shown.color} variant="light" tt="none" role="status">
      {shown.text}
    </Badge>
  );
}

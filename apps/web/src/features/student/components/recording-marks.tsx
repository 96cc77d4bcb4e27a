import { Alert, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Recording } from '@readalong/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { useReturnFocus } from '@/components/use-return-focus';
import { isFreshLink } from '@/lib/signed-links';
import { usePassage } from '@/shared/passage/get-passage';
import { mistakesQueryOptions } from '@/shared/read-aloud/api/mistakes';
import { MarkLegend, MarkedPassage } from '@/shared/read-aloud/components/marked-passage';
import { formatAccuracy, formatRate } from '@/shared/read-aloud/fluency-format';
import { readingOverviewQueryOptions } from '../api/get-reading-overview';

type GradedRecording = z.infer<typeof Recording>;

/** The child's reading as the teacher marked it: their voice, the figures, and the marks on the words. */
export function RecordingMarks({ recording, onClose }: { recording: GradedRecording; onClose: () => void }) {
  // Mounted only while open: focus goes back to "See your marks and listen" on close (X10).
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={`Your reading of “${recording.passage_title}”`}
      // axe (button-name, X1): Mantine's close button is an unnamed ×.
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <MarksBody recording={recording} />
    </Modal>
  );
}

function MarksBody({ recording }: { recording: GradedRecording }) {
  const passage = usePassage(recording.passage_id);
  const marks = useQuery(mistakesQueryOptions(recording.id));
  const link = useFreshLink(recording.file_url);
  if (passage.isPending || marks.isPending) return <Loading label="Getting your marks" />;
  if (passage.isError || marks.isError) {
    return <QueriesError title="Your marks could not be opened" queries={[passage, marks]} />;
  }
  const figures = [
    { label: 'words a minute', value: formatRate(recording.wpm) },
    { label: 'words right a minute', value: formatRate(recording.wcpm) },
    { label: 'words just right', value: formatAccuracy(recording.accuracy) },
  ];
  return (
    <Stack gap="md">
      {link ? (
        // The child's own voice: there are no captions to give.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio controls src={link} aria-label="Your recording" style={{ width: '100%' }} />
      ) : recording.file_url ? (
        <Loading label="Getting your recording" />
      ) : (
        <Alert color="gray">The sound of this recording has been removed; your marks are still here.</Alert>
      )}
      <SimpleGrid cols={3} spacing="sm">
        {figures.map((figure) => (
          <Paper key={figure.label} withBorder radius="md" p="sm" ta="center">
            <Text size="xl" fw={800}>
              {figure.value}
            </Text>
            <Text size="sm">{figure.label}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      {marks.data.mistakes.length === 0 ? (
        <Text fw={600}>No words were marked: well read!</Text>
      ) : (
        <MarkLegend />
      )}
      <MarkedPassage
        pages={passage.data.pages}
        marks={marks.data.mistakes}
        lastWordIndex={marks.data.last_word_index}
      />
    </Stack>
  );
}

/**
 * The recording's link while it is fresh (docs/rules.md C25). A stale one is not used: the list it came from is asked
 * again, and brings a new link.
 */
function useFreshLink(url: string | null) {
  const client = useQueryClient();
  const fresh = url !== null && isFreshLink(url);
  useEffect(() => {
    if (url !== null && !fresh)
      void client.invalidateQueries({ queryKey: readingOverviewQueryOptions().queryKey.slice(0, 2) });
  }, [client, url, fresh]);
  return fresh ? url : null;
}

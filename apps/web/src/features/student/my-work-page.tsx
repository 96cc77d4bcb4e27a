import { EmptyState, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconBarbell,
  IconBook2,
  IconBooks,
  IconClipboardList,
  IconGauge,
  IconListCheck,
  IconMicrophone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { libraryBookSteps, NEXT_STEP_LABELS, nextStepOf, type NextStep } from '@/shared/passage/next-step';
import { useReadingOverview } from './api/get-reading-overview';
import { useRateBuilders, useSkillBuilders } from './api/get-student-builders';
import { useSubmittedPassages, type FinishedBook } from './api/get-submitted-passages';
import { useAssignments } from './api/list-assignments';
import { usePassages, type BookSummary } from './api/list-passages';
import { AssignmentList } from './components/assignment-list';
import { BandChip } from './components/band-chip';
import { BuilderList } from './components/builder-list';
import { progressLabel } from './components/book-progress';
import { onDay } from './components/dates';
import { Loaded } from '@/components/loaded';
import { RecordingList } from './components/recording-list';
import { ScoreBadge } from './components/score-badge';
import { WorkLink, WorkList, WorkRow } from './components/work-row';

/**
 * The student's work (docs/rules.md C26): books from the teacher, books on the go and finished with their quiz scores,
 * recordings with the teacher's feedback, and skill and rate builders. One tab each, so a tablet shows one list
 * at a time.
 */
export function MyWorkPage() {
  return (
    <Tabs defaultValue="books" keepMounted={false}>
      <Tabs.List mb="lg">
        <WorkTab value="books" icon={<IconBooks aria-hidden />} label="Books" />
        <WorkTab value="recordings" icon={<IconMicrophone aria-hidden />} label="Recordings" />
        <WorkTab value="skill-builders" icon={<IconBarbell aria-hidden />} label="Skill builders" />
        <WorkTab value="rate-builders" icon={<IconGauge aria-hidden />} label="Rate builders" />
      </Tabs.List>
      <Tabs.Panel value="books">
        <BooksPanel />
      </Tabs.Panel>
      <Tabs.Panel value="recordings">
        <RecordingsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="skill-builders">
        <SkillBuildersPanel />
      </Tabs.Panel>
      <Tabs.Panel value="rate-builders">
        <RateBuildersPanel />
      </Tabs.Panel>
    </Tabs>
  );
}

function WorkTab({ value, icon, label }: { value: string; icon: ReactNode; label: string }) {
  return (
    <Tabs.Tab value={value} leftSection={icon} fz="lg" fw={600} py="md">
      {label}
    </Tabs.Tab>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="md" aria-labelledby={`${id}-heading`}>
      <Title order={2} size="h3" id={`${id}-heading`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Shown where a list is empty: what will appear and how it gets there. */
function Nothing({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <EmptyState icon={icon}>
      <EmptyState.Title order={3}>{title}</EmptyState.Title>
      <EmptyState.Description>{children}</EmptyState.Description>
    </EmptyState>
  );
}

function BooksPanel() {
  const assignments = useAssignments();
  const passages = usePassages();
  const finished = useSubmittedPassages();
  return (
    <Stack gap="xl">
      <Section id="from-teacher" title="From your teacher">
        <Loaded
          query={assignments}
          loadingLabel="Loading your teacher’s books"
          errorTitle="Your teacher’s books could not be loaded"
        >
          {(list) =>
            list.length === 0 ? (
              <Text size="lg">No books from your teacher yet.</Text>
            ) : (
              <AssignmentList assignments={list} />
            )
          }
        </Loaded>
      </Section>
      <Section id="keep-going" title="Keep going">
        <Loaded
          query={passages}
          loadingLabel="Loading your books"
          errorTitle="Your books could not be loaded"
        >
          {(books) => (
            <BooksOnTheGo
              books={books.filter((book) => book.worksheet_id !== null && !book.worksheet_completed)}
            />
          )}
        </Loaded>
      </Section>
      <Section id="finished" title="Finished books">
        <Loaded
          query={finished}
          loadingLabel="Loading your finished books"
          errorTitle="Your finished books could not be loaded"
        >
          {(books) => <FinishedBooks books={books} />}
        </Loaded>
      </Section>
    </Stack>
  );
}

const STEP_ICONS: Record<NextStep, ReactNode> = {
  read: <IconBook2 aria-hidden />,
  quiz: <IconListCheck aria-hidden />,
  'read-aloud': <IconMicrophone aria-hidden />,
  finished: <IconBooks aria-hidden />,
};

function BooksOnTheGo({ books }: { books: readonly BookSummary[] }) {
  if (books.length === 0) {
    return <Text size="lg">No books on the go. Pick one in Power builders to start!</Text>;
  }
  return (
    <WorkList>
      {books.map((book) => {
        // C46: the true next step, never the quiz once it is in; a recording still owed goes to the send screen.
        const step = nextStepOf(book);
        return (
          <WorkRow
            key={book.id}
            id={`reading-${book.id}`}
            title={book.title}
            action={
              <WorkLink
                label={NEXT_STEP_LABELS[step]}
                title={book.title}
                href={libraryBookSteps(book.id)[step]}
                icon={STEP_ICONS[step]}
                isPrimary
              />
            }
          >
            <BandChip colourBandId={book.colour_band_id} />
            <Text size="md" fw={600}>
              {progressLabel(book)}
            </Text>
          </WorkRow>
        );
      })}
    </WorkList>
  );
}

function FinishedBooks({ books }: { books: readonly FinishedBook[] }) {
  if (books.length === 0) {
    return (
      <Nothing icon={<IconBooks aria-hidden />} title="No finished books yet">
        Read every page of a book, answer its quiz and, if you read aloud, send your reading to your teacher.
        Your finished books and scores will appear here.
      </Nothing>
    );
  }
  const newestFirst = [...books].sort((a, b) => b.completed_at.localeCompare(a.completed_at));
  return (
    <WorkList>
      {newestFirst.map((book) => (
        <WorkRow
          key={book.worksheet_id}
          id={`finished-${book.worksheet_id}`}
          title={book.title}
          action={
            <WorkLink label="Read again" title={book.title} href={paths.book.read.getHref(book.passage_id)} />
          }
        >
          <Text size="md">Finished {onDay(book.completed_at)}</Text>
          <BandChip colourBandId={book.colour_band_id} />
          {book.score_percent !== null && <ScoreBadge scorePercent={book.score_percent} />}
          {book.recording_id !== null && <Text size="md">You sent a recording of this book.</Text>}
        </WorkRow>
      ))}
    </WorkList>
  );
}

function RecordingsPanel() {
  const overview = useReadingOverview();
  return (
    <Section id="recordings" title="Your recordings">
      <Loaded
        query={overview}
        loadingLabel="Loading your recordings"
        errorTitle="Your recordings could not be loaded"
      >
        {({ recordings }) =>
          recordings.length === 0 ? (
            <Nothing icon={<IconMicrophone aria-hidden />} title="No recordings yet">
              When you read a book aloud and send it, it will appear here. Your teacher will listen and tell
              you how you did.
            </Nothing>
          ) : (
            // The overview lists them oldest first (WPM over time); the latest feedback matters most here.
            <RecordingList recordings={[...recordings].reverse()} />
          )
        }
      </Loaded>
    </Section>
  );
}

function SkillBuildersPanel() {
  const builders = useSkillBuilders();
  return (
    <Section id="skill-builders" title="Skill builders">
      <Text size="lg">Short practice that makes one reading skill stronger.</Text>
      <Loaded
        query={builders}
        loadingLabel="Loading your skill builders"
        errorTitle="Your skill builders could not be loaded"
      >
        {(list) =>
          list.length === 0 ? (
            <Nothing icon={<IconBarbell aria-hidden />} title="No skill builders yet">
              Skill builders your teacher gives you, or that can help you, will appear here.
            </Nothing>
          ) : (
            <BuilderList
              builders={list}
              hrefOf={(builder) => paths.skillBuilder.getHref(builder.passage_id)}
            />
          )
        }
      </Loaded>
    </Section>
  );
}

function RateBuildersPanel() {
  const builders = useRateBuilders();
  return (
    <Section id="rate-builders" title="Rate builders">
      <Text size="lg">Read a short text aloud to grow your reading speed.</Text>
      <Loaded
        query={builders}
        loadingLabel="Loading your rate builders"
        errorTitle="Your rate builders could not be loaded"
      >
        {(list) =>
          list.length === 0 ? (
            <Nothing icon={<IconClipboardList aria-hidden />} title="No rate builders yet">
              Rate builders your teacher gives you will appear here.
            </Nothing>
          ) : (
            <BuilderList
              builders={list}
              hrefOf={(builder) => paths.book.rateBuilder.getHref(builder.passage_id)}
              showSpeed
            />
          )
        }
      </Loaded>
    </Section>
  );
}

import { Chip, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RANGE_CHOICES, rangeOf, type DateRange, type RangeChoice } from './api/date-range';
import { useActivityProfile } from './api/get-activity-profile';
import { BOOK_PERFORMANCE_LIMIT, useBookPerformance } from './api/get-book-performance';
import { useLearningOutcomes, useTopics } from './api/get-learning-outcomes';
import { useReadingOverview } from './api/get-reading-overview';
import { ActivityChart } from './components/activity-chart';
import { BookPicker } from './components/book-details';
import { BookScoresChart } from './components/book-scores-chart';
import { GoalsCard } from './components/goals-card';
import { LexileTimelineChart } from './components/lexile-timeline-chart';
import { Loaded } from '@/components/loaded';
import { SkillsChart } from './components/skills-chart';

/**
 * The student's progress (docs/rules.md C19: reports, reading progress, Lexile timeline and book selection) over a time
 * the student picks: Lexile, quiz scores, reading time and skills as charts, each with its words and numbers.
 */
export function MyProgressPage() {
  const [choice, setChoice] = useState<RangeChoice>('quarter');
  const range = rangeOf(choice);
  return (
    <Stack gap="xl">
      <RangePicker choice={choice} onChange={setChoice} />
      <Overview range={range} />
      <BookResults range={range} />
      <ReadingTime range={range} choice={choice} />
      <Skills range={range} />
    </Stack>
  );
}

/** The time to show: chips that wrap on a phone, radio buttons underneath, so arrow keys move between them. */
function RangePicker({ choice, onChange }: { choice: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  return (
    <Fieldset
      legend="Show my progress for"
      variant="unstyled"
      styles={{ legend: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 700 } }}
    >
      <Chip.Group multiple={false} value={choice} onChange={onChange}>
        <Group gap="sm" mt="xs">
          {RANGE_CHOICES.map(({ value, label }) => (
            <Chip key={value} value={value} size="lg" variant="outline">
              {label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Fieldset>
  );
}

function Overview({ range }: { range: DateRange }) {
  const overview = useReadingOverview(range);
  return (
    <Loaded
      query={overview}
      loadingLabel="Loading your Lexile"
      errorTitle="Your Lexile could not be loaded"
      skeletonHeight={320}
    >
      {({ lexile_timeline, current_lexile, goals }) => (
        <>
          <LexileTimelineChart points={lexile_timeline} currentLexile={current_lexile} />
          <GoalsCard goals={goals} />
        </>
      )}
    </Loaded>
  );
}

function BookResults({ range }: { range: DateRange }) {
  const performance = useBookPerformance(range);
  return (
    <Loaded
      query={performance}
      loadingLabel="Loading your books"
      errorTitle="Your books could not be loaded"
      skeletonHeight={320}
    >
      {({ books, total }) => (
        <>
          <BookScoresChart books={books} />
          {total > books.length && (
            <Text size="md">
              Showing your latest {BOOK_PERFORMANCE_LIMIT} books. Pick a shorter time to see the rest.
            </Text>
          )}
          <BookPicker books={books} />
        </>
      )}
    </Loaded>
  );
}

function ReadingTime({ range, choice }: { range: DateRange; choice: RangeChoice }) {
  const activity = useActivityProfile(range);
  return (
    <Loaded
      query={activity}
      loadingLabel="Loading your reading time"
      errorTitle="Your reading time could not be loaded"
      skeletonHeight={280}
    >
      {({ days, totals }) => <ActivityChart days={days} totals={totals} choice={choice} range={range} />}
    </Loaded>
  );
}

function Skills({ range }: { range: DateRange }) {
  const outcomes = useLearningOutcomes(range);
  const topics = useTopics();
  // Without the names the skills still show, by number: the scores matter more than waiting for the words.
  const nameOf = (id: number) =>
    topics.data?.learning_outcomes.find((outcome) => outcome.id === id)?.name ?? `Skill ${id}`;
  return (
    <Loaded
      query={outcomes}
      loadingLabel="Loading your reading skills"
      errorTitle="Your reading skills could not be loaded"
      skeletonHeight={240}
    >
      {(scores) => <SkillsChart scores={scores} nameOf={nameOf} />}
    </Loaded>
  );
}

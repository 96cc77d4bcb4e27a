import { WEEKLY_ACTIVITY_WEEKS } from '@readalong/contracts';
import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Loaded } from '@/components/loaded';
import { plural } from '@/lib/plural';
import { useWeeklyActivity, type ClassWeeks } from '../api/insights';
import { CountBars } from '../components/count-bars';
import { InsightsFigure } from '../components/insights-figure';
import type { InsightsAddress } from '../insights-address';
import { shortDay } from '../insights-format';

/** The figures a week is drawn by; the table and the CSV have all three. */
const MEASURES = [
  { value: 'books_completed', label: 'Books completed' },
  { value: 'minutes_reading', label: 'Minutes read' },
  { value: 'recordings_submitted', label: 'Recordings' },
] as const;
type Measure = (typeof MEASURES)[number]['value'];

const WEEK_COLUMNS = ['Week from', 'Active students', 'Books completed', 'Minutes read', 'Recordings'];

/**
 * Each class's last 8 weeks (IN5), the current one last: books, minutes from the reading-time log and recordings,
 * 20 classes a page by name; with a class picked, that class alone. The period does not apply: it is always 8 weeks.
 */
export function WeeklySection({ address }: { address: InsightsAddress }) {
  const [measure, setMeasure] = useState<string>('books_completed');
  const [page, setPage] = useState(0);
  const weekly = useWeeklyActivity(address.filter, page);
  return (
    <Stack gap="lg">
      <section aria-labelledby="weekly-heading">
        <Title order={2} size="h4" id="weekly-heading">
          Each class, week by week
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The last {WEEKLY_ACTIVITY_WEEKS} weeks from Monday, this week last, whatever the period.
        </Text>
        <NativeSelect
          label="Draw the weeks by"
          data={[...MEASURES]}
          value={measure}
          onChange={(event) => setMeasure(event.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
      </section>
      <Loaded query={weekly} loadingLabel="Loading the weeks" errorTitle="The weeks could not be loaded">
        {(data) =>
          data.classes.length === 0 ? (
            <Text>No classes here yet: create one under Manage.</Text>
          ) : (
            <Stack gap="lg">
              {data.classes.map((klass) => (
                <ClassWeeksFigure key={klass.class_id} klass={klass} measure={measure as Measure} />
              ))}
              {(page > 0 || data.has_more) && (
                <Group component="nav" aria-label="Pages of classes" gap="sm">
                  <Button variant="default" disabled={page === 0} onClick={() => setPage(page - 1)}>
                    Previous classes
                  </Button>
                  <Button variant="default" disabled={!data.has_more} onClick={() => setPage(page + 1)}>
                    Next classes
                  </Button>
                </Group>
              )}
            </Stack>
          )
        }
      </Loaded>
    </Stack>
  );
}

function ClassWeeksFigure({ klass, measure }: { klass: ClassWeeks; measure: Measure }) {
  const label = MEASURES.find((option) => option.value === measure)!.label;
  const rows = klass.weeks.map((week) => [
    week.week_start,
    week.active_students,
    week.books_completed,
    Math.round(week.minutes_reading),
    week.recordings_submitted,
  ]);
  const sum = (key: Measure) => Math.round(klass.weeks.reduce((total, week) => total + week[key], 0));
  const thisWeek = klass.weeks.at(-1);
  return (
    <InsightsFigure
      id={`class-${klass.class_id}-weeks`}
      title={`${klass.name}, week by week`}
      summary={`${plural(klass.student_count, 'student', 'students')}; over ${klass.weeks.length} weeks ${plural(sum('books_completed'), 'book', 'books')} completed, ${plural(sum('minutes_reading'), 'minute', 'minutes')} read and ${plural(sum('recordings_submitted'), 'recording', 'recordings')} made${
        thisWeek ? `; ${plural(thisWeek.active_students, 'student', 'students')} active this week` : ''
      }.`}
      table={{ columns: WEEK_COLUMNS, rows }}
      filename={`${klass.name.replace(/[^\w-]+/g, '-')}-weekly.csv`}
    >
      <CountBars
        data={klass.weeks.map((week) => ({
          week: shortDay(week.week_start),
          [label]: Math.round(week[measure]),
        }))}
        dataKey="week"
        ordered
        names={[label]}
        h={160}
      />
    </InsightsFigure>
  );
}

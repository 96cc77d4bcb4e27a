import {
  Anchor,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconReportAnalytics, IconTarget } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { bandOf, levelLabel } from '@/lib/levels';
import { formatRate } from '@/shared/read-aloud/fluency-format';
import { useScopedHref } from '@/shared/school-scope/school-scope';
import { goalSettingsQueryOptions, type StudentGoalRow } from '../goals/api/goal-settings';
import { StudentGoalDialog } from '../goals/components/reading-goals';
import {
  REPORT_PERIODS,
  startOf,
  useStudentClasses,
  useStudentReport,
  type StudentReport,
} from './api/student-report';
import { AnswersToMark } from '../marking/components/answers-to-mark';
import { BooksSection } from './components/books-section';
import { GoalProgressList } from './components/goal-progress';
import { dayOf, ReportSection } from './components/report-parts';
import { StudentActions } from './components/student-actions';

const PERIOD = REPORT_PERIODS[0];
/** The student's page lists their newest quizzes; the report has them all. */
const NEWEST_BOOKS = 5;

/**
 * One student for their teacher (docs/rules.md C35): level, Lexile, speed and classes at the top with the report a
 * click away, goals and progress to them, the newest quizzes, their written answers waiting for a mark (R24), then
 * what staff can do: lock or unlock signing in, reset placement, set the level by hand.
 */
export function StudentPage({ studentId }: { studentId: number }) {
  const report = useStudentReport(studentId, startOf(PERIOD.value));
  if (report.isPending) return <Loading label="Loading the student" />;
  if (report.isError) return <QueriesError title="This student could not be loaded" queries={[report]} />;
  const { student, books, goals } = report.data;
  return (
    <Stack gap="lg">
      <Summary report={report.data} />
      <GoalsSection student={student} goals={goals} />
      <BooksSection books={books} period={PERIOD.label} limit={NEWEST_BOOKS} />
      <AnswersToMark studentId={student.student_id} />
      <Paper withBorder radius="md" p="md">
        <StudentActions student={student} />
      </Paper>
    </Stack>
  );
}

function Summary({ report }: { report: StudentReport }) {
  const { student, current_lexile, latest_wpm, latest_wcpm } = report;
  const classes = useStudentClasses(student.student_id);
  const scoped = useScopedHref();
  const band = bandOf(student.colour_band_id);
  // FG1, FG2: the figures as every screen shows them, whatever the period (the goal bars read the same).
  const figures = [
    { label: 'Estimated Lexile', value: current_lexile === null ? '–' : `${current_lexile}L` },
    { label: 'Latest WCPM', value: formatRate(latest_wcpm) },
    { label: 'Latest WPM', value: formatRate(latest_wpm) },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="student-name">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} id="student-name">
              {student.name}
            </Title>
            <Text c="dimmed">Username {student.username}</Text>
          </Stack>
          <Button
            component={Link}
            to={scoped(paths.teacher.studentReport.getHref(student.student_id))}
            leftSection={<IconReportAnalytics size={18} aria-hidden />}
          >
            Open the report
          </Button>
        </Group>
        <Group gap="xs">
          {band && <ColorSwatch color={band.colour} size={16} aria-hidden />}
          <Text fw={600}>{levelLabel(student.series, student.colour_band_id)}</Text>
          {student.colour_band_id === null && (
            <Badge color="grape" variant="light" tt="none">
              not placed: takes the placement test next
            </Badge>
          )}
          {student.disabled && (
            <Badge color="gray" tt="none">
              Disabled
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {classes.data && classes.data.length > 0
            ? `Classes: ${classes.data.map((klass) => klass.name).join(', ')}`
            : ''}
          {classes.data && classes.data.length > 0 ? ' · ' : ''}
          {student.last_active_at ? `Last active ${dayOf(student.last_active_at)}` : 'Not active yet'}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          {figures.map((figure) => (
            <Paper key={figure.label} withBorder radius="md" p="xs" ta="center">
              <Text size="xl" fw={800}>
                {figure.value}
              </Text>
              <Text size="xs" c="dimmed">
                {figure.label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The goal's targets with progress; a teacher sets the student's own goal here (G1, G2). */
function GoalsSection({
  student,
  goals,
}: {
  student: StudentReport['student'];
  goals: StudentReport['goals'];
}) {
  const client = useQueryClient();
  const scoped = useScopedHref();
  const [row, setRow] = useState<StudentGoalRow | null>(null);
  const classId = student.class_id;
  const settings = useQuery({ ...goalSettingsQueryOptions(classId ?? 0), enabled: classId !== null });
  const ownRow = settings.data?.goal_settings.find((entry) => entry.student_id === student.student_id);
  const close = () => {
    setRow(null);
    void client.invalidateQueries({ queryKey: ['teacher', 'student', student.student_id] });
  };
  return (
    <ReportSection
      id="goals"
      title="Goals"
      summary={
        goals.length === 0
          ? `${student.name} has no reading goal, nor does their home class.`
          : ownRow?.goal
            ? `${student.name}’s own goal, against their latest figures.`
            : 'The home class’s goal, against the latest figures.'
      }
    >
      <GoalProgressList goals={goals} />
      {classId !== null && ownRow && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconTarget size={18} aria-hidden />}
            onClick={() => setRow(ownRow)}
          >
            Set {student.first_name}’s goal
          </Button>
        </Group>
      )}
      {classId === null && (
        <Text size="sm" c="dimmed">
          Without a home class no goal can be set here:{' '}
          <Anchor component={Link} to={scoped(paths.teacher.settings.getHref())}>
            class settings
          </Anchor>
          .
        </Text>
      )}
      {row && classId !== null && <StudentGoalDialog classId={classId} row={row} onClose={close} />}
    </ReportSection>
  );
}

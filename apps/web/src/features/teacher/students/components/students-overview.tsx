import {
  Anchor,
  Badge,
  ColorSwatch,
  EmptyState,
  Group,
  NativeSelect,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconUsers,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { bandOf } from '@/lib/levels';
import { formatRate } from '@/shared/read-aloud/fluency-format';
import { useRememberClass } from '@/shared/school-scope/last-class';
import { useSchoolScope, useScopedHref, useScopedSearch } from '@/shared/school-scope/school-scope';
import { useStudentOverview, type StudentOverview } from '../api/student-overview';
import {
  attentionOf,
  classesOf,
  classNames,
  DEFAULT_SORT,
  filterStudents,
  levelOf,
  sortStudents,
  type Signal,
  type Sort,
  type SortKey,
} from '../student-rows';
import classes from './students-overview.module.css';
import { formatShortDay } from '@/lib/dates';

const SIGNAL_COLOURS: Record<Signal['kind'], string> = {
  recordings: 'orange',
  failed: 'red',
  inactive: 'gray',
  unplaced: 'grape',
};

/**
 * The teacher's home (docs/rules.md C34, P13): every student of their classes with level, books this week, last
 * quiz, latest WPM/WCPM, goals and what needs attention; filtered by class (kept in the address, `?class=`) and
 * name, sorted by any column, attention first by default. Each name opens the student's page. A department head
 * sees the students of the school picked in the frame (C28).
 */
export function StudentsOverview() {
  const overview = useStudentOverview(useSchoolScope());
  if (overview.isPending) return <Loading label="Loading your students" />;
  if (overview.isError)
    return <QueriesError title="Your students could not be loaded" queries={[overview]} />;
  if (overview.data.length === 0) {
    return (
      <EmptyState icon={<IconUsers aria-hidden />}>
        <EmptyState.Title order={2}>No students yet</EmptyState.Title>
        <EmptyState.Description>
          Students of your classes will appear here with their level, latest reading and recordings to review.
        </EmptyState.Description>
      </EmptyState>
    );
  }
  return <StudentsList students={overview.data} />;
}

function StudentsList({ students }: { students: StudentOverview[] }) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [now] = useState(() => Date.now());
  const classOptions = classesOf(students);
  const classId = classOptions.find((klass) => String(klass.id) === params.get('class'))?.id ?? null;
  const shown = sortStudents(filterStudents(students, { classId, search }), sort, now);
  const toReview = students.reduce((sum, student) => sum + student.recordings_to_review, 0);
  const scoped = useScopedHref();
  const scopedSearch = useScopedSearch();
  useRememberClass(classId);
  const chooseClass = (value: string) =>
    setParams(scopedSearch(value !== 'all' ? { class: value } : {}), { replace: true });
  return (
    <Stack gap="md">
      <Text>
        {students.length} students · {toReview} recordings waiting for review ·{' '}
        <Anchor component={Link} to={scoped(paths.teacher.class.getHref())}>
          review recordings
        </Anchor>
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Class"
          data={[
            { value: 'all', label: 'All classes' },
            ...classOptions.map((klass) => ({ value: String(klass.id), label: klass.name })),
          ]}
          value={classId === null ? 'all' : String(classId)}
          onChange={(event) => chooseClass(event.currentTarget.value)}
        />
        <TextInput
          label="Find a student"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {shown.length} of {students.length} students
      </Text>
      {shown.length === 0 ? (
        <Text>No student matches. Choose another class or clear the search.</Text>
      ) : (
        <StudentsTable students={shown} sort={sort} onSort={setSort} now={now} />
      )}
    </Stack>
  );
}

/**
 * The columns, and from which width each shows (X5: the table never scrolls sideways): on a phone the name (with the
 * level under it) and what needs attention; the figures from `sm`; class, level, WPM and goals from `lg`.
 */
type Width = 'sm' | 'lg';
const COLUMNS: { key: SortKey; label: string; from?: Width }[] = [
  { key: 'name', label: 'Student' },
  { key: 'class', label: 'Class', from: 'lg' },
  { key: 'level', label: 'Level', from: 'lg' },
  { key: 'books', label: 'Books this week', from: 'sm' },
  { key: 'quiz', label: 'Last quiz', from: 'sm' },
  { key: 'wpm', label: 'Latest WPM', from: 'lg' },
  { key: 'wcpm', label: 'Latest WCPM', from: 'sm' },
];

function StudentsTable({
  students,
  sort,
  onSort,
  now,
}: {
  students: StudentOverview[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  now: number;
}) {
  const most = {
    books: Math.max(1, ...students.map((student) => student.books_this_week)),
    wcpm: Math.max(1, ...students.map((student) => student.latest_wcpm ?? 0)),
  };
  const header = (key: SortKey, label: string, from?: Width) => (
    <SortHeader key={key} column={key} label={label} sort={sort} onSort={onSort} from={from} />
  );
  return (
    <Table verticalSpacing="sm" horizontalSpacing={8} className="fit-phone">
      <Table.Caption>Your students over the last 30 days; select a heading to sort.</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((column) => header(column.key, column.label, column.from))}
          <Table.Th scope="col" visibleFrom="lg">
            Goals
          </Table.Th>
          {header('attention', 'Needs attention')}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {students.map((student) => (
          <StudentRow key={student.student_id} student={student} most={most} now={now} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
  from,
}: {
  column: SortKey;
  label: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  from?: Width | undefined;
}) {
  const active = sort.key === column;
  const Icon = !active
    ? IconArrowsSort
    : sort.direction === 'ascending'
      ? IconSortAscending
      : IconSortDescending;
  // Names and classes read A→Z first; numbers and attention highest first.
  const first = column === 'name' || column === 'class' ? 'ascending' : 'descending';
  const next = active ? (sort.direction === 'ascending' ? 'descending' : 'ascending') : first;
  return (
    <Table.Th scope="col" aria-sort={active ? sort.direction : 'none'} visibleFrom={from}>
      <UnstyledButton onClick={() => onSort({ key: column, direction: next })} className={classes.sortButton}>
        {label} <Icon size={14} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** A number beside a bar scaled to the list's largest, so a glance down the column compares them (X-rule: charts with numbers). */
function BarCell({ value, max, text }: { value: number | null; max: number; text: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" miw={36} ta="right">
        {text}
      </Text>
      {value !== null && <Progress value={(value / max) * 100} w={40} size="sm" aria-hidden />}
    </Group>
  );
}

function StudentRow({
  student,
  most,
  now,
}: {
  student: StudentOverview;
  most: { books: number; wcpm: number };
  now: number;
}) {
  const band = bandOf(student.colour_band_id);
  const quiz = student.last_quiz;
  const signals = attentionOf(student, now);
  const scoped = useScopedHref();
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Anchor component={Link} to={scoped(paths.teacher.students.getHref(student.student_id))}>
          {student.name}
        </Anchor>
        <Text size="xs" c="dimmed" fw={400} hiddenFrom="lg">
          {levelOf(student)}
        </Text>
      </Table.Th>
      <Table.Td visibleFrom="lg">{classNames(student) || '–'}</Table.Td>
      <Table.Td visibleFrom="lg">
        <Group gap={6} wrap="nowrap">
          {band && <ColorSwatch color={band.colour} size={14} aria-hidden />}
          <Text size="sm">{levelOf(student)}</Text>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <BarCell value={student.books_this_week} max={most.books} text={student.books_this_week} />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        {quiz ? (
          <Stack gap={0}>
            <BarCell
              value={quiz.score_percent}
              max={100}
              text={quiz.score_percent === null ? 'to mark' : `${Math.round(quiz.score_percent)}%`}
            />
            <Text size="xs" c="dimmed">
              {quiz.passed === false ? 'Not passed · ' : ''}
              {formatShortDay(quiz.submitted_at)}
            </Text>
          </Stack>
        ) : (
          '–'
        )}
      </Table.Td>
      <Table.Td visibleFrom="lg">{formatRate(student.latest_wpm)}</Table.Td>
      <Table.Td visibleFrom="sm">
        <BarCell value={student.latest_wcpm} max={most.wcpm} text={formatRate(student.latest_wcpm)} />
      </Table.Td>
      <Table.Td visibleFrom="lg">
        <Goals goals={student.goals} />
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {signals.map((signal) => (
            <Badge
              key={signal.kind}
              color={SIGNAL_COLOURS[signal.kind]}
              variant="light"
              tt="none"
              className={classes.badge}
            >
              {signal.label}
            </Badge>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

const GOAL_NAMES = { lexile: 'Lexile', wpm: 'WPM', wcpm: 'WCPM' } as const;

function Goals({ goals }: { goals: StudentOverview['goals'] }) {
  if (goals.length === 0) return <Text size="sm">–</Text>;
  return (
    <Stack gap={2}>
      {goals.map((goal) => {
        const met = goal.achieved_at !== null || (goal.current !== null && goal.current >= goal.target);
        return (
          <Text key={goal.kind} size="sm">
            {GOAL_NAMES[goal.kind]} {goal.current === null ? '–' : Math.round(goal.current)} of {goal.target}
            {met && (
              <Badge ml={4} color="green" variant="light" tt="none" size="sm">
                met
              </Badge>
            )}
          </Text>
        );
      })}
    </Stack>
  );
}

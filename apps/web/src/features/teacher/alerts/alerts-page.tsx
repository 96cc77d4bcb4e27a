import {
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useRememberClass } from '@/shared/school-scope/last-class';
import { useSchoolScope, useScopedHref, type SchoolScope } from '@/shared/school-scope/school-scope';
import { useClasses } from '../recordings/api/class-recordings';
import { NEEDS_ATTENTION, TYPE_FILTERS, alertTypeLabel, needsAttention } from './alert-kinds';
import {
  useClassStudents,
  useMarkAllAlertsSeen,
  useStaffAlerts,
  type AlertFilters,
  type StaffAlert,
} from './api/staff-alerts';
import { formatDayTime } from '@/lib/dates';

const DEFAULT_TYPES = NEEDS_ATTENTION.join(',');
const ALL = 'all';

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
const dayParam = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The filters live in the address (`?class=&student=&types=&start=&end=`), so coming back keeps them. */
function useAlertFilters() {
  const [params, setParams] = useSearchParams();
  const filters: AlertFilters = {
    classId: idParam(params.get('class')),
    studentId: idParam(params.get('student')),
    types: params.get('types') ?? DEFAULT_TYPES,
    start: dayParam(params.get('start')),
    end: dayParam(params.get('end')),
  };
  const change = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return { filters, change };
}

const when = formatDayTime;

/**
 * The alerts screen of the teacher area (docs/rules.md C40): what happened to the students in the caller's scope, in
 * words, newest first, filtered by class, student, kind and dates; "Needs attention" by default. Opening it marks
 * every alert seen (as SPEC's alerts screen does); what was new stays marked New until the next visit.
 */
export function TeacherAlertsPage() {
  const { filters, change } = useAlertFilters();
  const scope = useSchoolScope();
  const alerts = useStaffAlerts(filters, scope);
  useMarkAllSeenOnceShown(alerts.data?.pages, scope);
  useRememberClass(filters.classId);

  return (
    <Stack gap="md">
      <Text>What happened to your students, newest first. Each name opens that student’s page.</Text>
      <Filters filters={filters} change={change} />
      {alerts.isPending ? (
        <Loading label="Loading alerts" />
      ) : alerts.isError ? (
        <QueriesError title="The alerts could not be loaded" queries={[alerts]} />
      ) : alerts.data.pages[0]!.alerts.length === 0 ? (
        <NoAlerts filters={filters} />
      ) : (
        <>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {alerts.data.pages
              .flatMap((page) => page.alerts)
              .map((alert) => (
                <AlertItem key={alert.id} alert={alert} />
              ))}
          </Stack>
          {alerts.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void alerts.fetchNextPage()}
              loading={alerts.isFetchingNextPage}
              style={{ alignSelf: 'flex-start' }}
            >
              Show more
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

/** Nothing to list: says why, and what to try. */
function NoAlerts({ filters }: { filters: AlertFilters }) {
  const narrowed =
    filters.classId !== undefined ||
    filters.studentId !== undefined ||
    filters.start !== undefined ||
    filters.end !== undefined;
  const onlyAttention = filters.types === DEFAULT_TYPES;
  return (
    <EmptyState icon={<IconBellOff aria-hidden />}>
      <EmptyState.Title order={2}>
        {onlyAttention && !narrowed ? 'Nothing needs your attention' : 'No alerts match'}
      </EmptyState.Title>
      <EmptyState.Description>
        {onlyAttention
          ? 'Choose “Everything” under What to see good news too.'
          : 'Try another class, kind or dates. Alerts come as your students read, take quizzes and move level.'}
      </EmptyState.Description>
    </EmptyState>
  );
}

function Filters({
  filters,
  change,
}: {
  filters: AlertFilters;
  change: (changes: Record<string, string | undefined>) => void;
}) {
  const classes = useClasses(useSchoolScope());
  const students = useClassStudents(filters.classId);
  const str = (id: number | undefined) => (id === undefined ? ALL : String(id));
  const orAll = (value: string) => (value === ALL ? undefined : value);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Class"
        data={[
          { value: ALL, label: 'All classes' },
          ...(classes.data ?? []).map((klass) => ({ value: String(klass.id), label: klass.name })),
        ]}
        value={str(filters.classId)}
        onChange={(event) => change({ class: orAll(event.currentTarget.value), student: undefined })}
      />
      <NativeSelect
        label="Student"
        disabled={filters.classId === undefined}
        description={filters.classId === undefined ? 'Choose a class first' : undefined}
        data={[
          { value: ALL, label: 'All students' },
          ...(students.data ?? []).map((student) => ({
            value: String(student.student_id),
            label: student.name,
          })),
        ]}
        value={str(filters.studentId)}
        onChange={(event) => change({ student: orAll(event.currentTarget.value) })}
      />
      <NativeSelect
        label="What"
        data={TYPE_FILTERS}
        value={filters.types}
        onChange={(event) => change({ types: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.start ?? ''}
        max={filters.end}
        onChange={(event) => change({ start: event.currentTarget.value || undefined })}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.end ?? ''}
        min={filters.start}
        onChange={(event) => change({ end: event.currentTarget.value || undefined })}
      />
    </Group>
  );
}

function AlertItem({ alert }: { alert: StaffAlert }) {
  const attention = needsAttention(alert.type_id);
  const scoped = useScopedHref();
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          {!alert.seen && (
            <Badge color="red.9" radius="sm" tt="none">
              New
            </Badge>
          )}
          <Badge
            variant="default"
            radius="sm"
            tt="none"
            leftSection={attention ? <IconAlertTriangle size={14} aria-hidden /> : undefined}
          >
            {alertTypeLabel(alert.type_id)}
          </Badge>
          <Text size="sm" c="dimmed">
            {when(alert.created_at)}
          </Text>
        </Group>
        <Text>{alert.message}</Text>
        <Anchor component={Link} to={scoped(paths.teacher.students.getHref(alert.student_id))} size="sm">
          Open {alert.student_name}’s page
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * SPEC's alerts screen sets every alert to seen at once: the first time this visit shows an unseen alert, every
 * alert in the caller's scope is marked seen in one call (a department head's: of the school picked, C28, and again
 * for each school picked next). The list keeps its New marks until the next visit.
 */
function useMarkAllSeenOnceShown(
  pages: readonly { alerts: readonly StaffAlert[] }[] | undefined,
  scope: SchoolScope,
) {
  const { mutate } = useMarkAllAlertsSeen();
  const marked = useRef(new Set<number | undefined>());
  const schoolId = scope.school_id;
  useEffect(() => {
    const showsUnseen = (pages ?? []).some((page) => page.alerts.some((alert) => !alert.seen));
    if (!showsUnseen || marked.current.has(schoolId)) return;
    marked.current.add(schoolId);
    mutate(schoolId === undefined ? {} : { school_id: schoolId });
  }, [pages, mutate, schoolId]);
}

import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Progress,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { BuilderType } from '@readalong/contracts';
import { IconChevronDown, IconClipboardCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Dialog } from '@/components/dialog';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { plural } from '@/lib/plural';
import { showToast } from '@/lib/toasts';
import { useLastClass, useRememberClass } from '@/shared/school-scope/last-class';
import { useSchoolScope, useScopedHref, useScopedSearch } from '@/shared/school-scope/school-scope';
import {
  useAssignmentsActivity,
  useDeleteAssignment,
  useTeacherClasses,
  type AssignmentActivity,
  type TeacherClass,
} from './api/assignments';
import { AssignmentDialog } from './components/assignment-form';
import { dateWords, isOverdue, recordingWords, stageOf } from './progress';

/**
 * What a teacher has assigned (docs/rules.md C39, P17): one class at a time (`?class=` in the address), each
 * assignment with its due date and how many have finished, opening to every student's progress, to change or withdraw.
 * Without a class in the address it opens on the class last looked at on a class-scoped teaching page (C48), else the
 * first; a department head's classes are those of the school picked in the frame (C28).
 */
export function AssignedPage() {
  const classes = useTeacherClasses(useSchoolScope());
  const [search, setSearch] = useSearchParams();
  const scopedSearch = useScopedSearch();
  const last = useLastClass();
  const named = classes.data?.find((klass) => String(klass.id) === search.get('class'));
  const chosen = named ?? classes.data?.find((klass) => klass.id === last) ?? classes.data?.[0];
  useRememberClass(named?.id);
  if (classes.isPending) return <Loading label="Reading your classes" />;
  if (classes.isError)
    return (
      <LoadError
        title="Your classes could not be read"
        error={classes.error}
        retry={() => void classes.refetch()}
      />
    );
  if (classes.data.length === 0)
    return (
      <EmptyState icon={<IconClipboardCheck aria-hidden />}>
        <EmptyState.Title order={2}>No classes yet</EmptyState.Title>
        <EmptyState.Description>
          Assignments are set for a class: once you teach one, what you assign to it shows here.
        </EmptyState.Description>
      </EmptyState>
    );
  return (
    <Stack gap="lg">
      <NativeSelect
        label="Class"
        data={classes.data.map((klass) => ({ value: String(klass.id), label: klass.name }))}
        value={String(chosen!.id)}
        onChange={(event) => setSearch(scopedSearch({ class: event.currentTarget.value }), { replace: true })}
        maw={320}
      />
      <ClassAssignments klass={chosen!} />
    </Stack>
  );
}

function ClassAssignments({ klass }: { klass: TeacherClass }) {
  const activity = useAssignmentsActivity(klass.id);
  const scoped = useScopedHref();
  if (activity.isPending) return <Loading label="Reading the assignments" />;
  if (activity.isError)
    return (
      <LoadError
        title="The assignments could not be read"
        error={activity.error}
        retry={() => void activity.refetch()}
      />
    );
  if (activity.data.length === 0)
    return (
      <EmptyState icon={<IconClipboardCheck aria-hidden />}>
        <EmptyState.Title order={2}>Nothing assigned to {klass.name} yet</EmptyState.Title>
        <EmptyState.Description>
          Choose a book or a skill builder in the library and press “Assign”.
        </EmptyState.Description>
        <Button component={Link} to={scoped(paths.assignments.allPowerBuilders.getHref())} mt="md">
          Open the library
        </Button>
      </EmptyState>
    );
  return (
    <Stack gap="md">
      {activity.data.map((assignment) => (
        <AssignmentCard key={assignment.assignment_id} assignment={assignment} klass={klass} />
      ))}
    </Stack>
  );
}

function AssignmentCard({ assignment, klass }: { assignment: AssignmentActivity; klass: TeacherClass }) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const total = assignment.students_assigned;
  const finished = assignment.students_completed;
  const overdue = isOverdue(assignment.due_at, total - finished);
  const headingId = `assignment-${assignment.assignment_id}`;
  const panelId = `${headingId}-students`;
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h4" id={headingId}>
              {assignment.title}
            </Title>
            <Group gap="xs">
              <Badge
                variant="light"
                color={assignment.builder_type_id === BuilderType.SkillBuilder ? 'grape' : 'blue'}
              >
                {assignment.builder_type_id === BuilderType.SkillBuilder ? 'Skill builder' : 'Book'}
              </Badge>
              <Text size="sm" c={overdue ? 'red.8' : undefined}>
                {assignment.due_at ? `Due ${dateWords(assignment.due_at)}` : 'No due date'}
                {overdue && ' · overdue'}
              </Text>
              <Text size="sm" c="dimmed">
                {assignment.student_ids ? plural(total, 'chosen student', 'chosen students') : 'Whole class'}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(true)}
              aria-label={`Change ${assignment.title}`}
            >
              Change
            </Button>
            <Button
              variant="light"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setWithdrawing(true)}
              aria-label={`Withdraw ${assignment.title}`}
            >
              Withdraw
            </Button>
          </Group>
        </Group>
        {assignment.note && (
          <Text size="sm" fs="italic">
            “{assignment.note}”
          </Text>
        )}
        <Figure label="Finished" count={finished} total={total} color="teal" />
        <Button
          variant="subtle"
          size="sm"
          w="fit-content"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          rightSection={
            <IconChevronDown
              size={16}
              aria-hidden
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          }
        >
          {open ? 'Hide' : 'Show'} each student’s progress
        </Button>
        <div id={panelId} hidden={!open}>
          {open && <StudentProgressTable assignment={assignment} />}
        </div>
      </Stack>
      {editing && (
        <AssignmentDialog
          assignment={assignment}
          classId={klass.id}
          className={klass.name}
          onClose={() => setEditing(false)}
        />
      )}
      {withdrawing && (
        <WithdrawDialog
          assignment={assignment}
          className={klass.name}
          onClose={() => setWithdrawing(false)}
        />
      )}
    </Paper>
  );
}

/** One count out of the students assigned, as a bar with its numbers beside it. */
function Figure({
  label,
  count,
  total,
  color,
}: {
  label: string;
  count: number;
  total: number;
  color: string;
}) {
  const percent = total === 0 ? 0 : (count / total) * 100;
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm">
          {count} of {total}
        </Text>
      </Group>
      <Progress value={percent} color={color} size="md" aria-label={`${label}: ${count} of ${total}`} />
    </Stack>
  );
}

function StudentProgressTable({ assignment }: { assignment: AssignmentActivity }) {
  const total = assignment.students_assigned;
  // Only a book set to be read aloud asks for a recording: elsewhere the column would say "None" to everyone.
  const readsAloud = assignment.read_aloud && assignment.builder_type_id === BuilderType.PowerBuilder;
  return (
    <Stack gap="md" pt="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="Started" count={assignment.students_started} total={total} color="yellow" />
        <Figure label="Read" count={assignment.students_read} total={total} color="blue" />
        <Figure label="Quiz done" count={assignment.quizzes_submitted} total={total} color="blue" />
        {readsAloud ? (
          <Figure
            label="Recording sent"
            count={assignment.recordings_submitted}
            total={total}
            color="grape"
          />
        ) : (
          <Figure label="Finished" count={assignment.students_completed} total={total} color="teal" />
        )}
      </SimpleGrid>
      {assignment.average_score_percent !== null && (
        <Text size="sm">Average quiz score: {Math.round(assignment.average_score_percent)}%</Text>
      )}
      {total === 0 ? (
        <Text size="sm">No student of the class is set this any more.</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Caption>{plural(total, 'student', 'students')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Student</Table.Th>
              <Table.Th scope="col">Where they are</Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Pages read
              </Table.Th>
              <Table.Th scope="col" visibleFrom="xs">
                Quiz
              </Table.Th>
              {readsAloud && (
                <Table.Th scope="col" visibleFrom="sm">
                  Recording
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {assignment.students.map((student) => {
              const stage = stageOf(student);
              return (
                <Table.Tr key={student.student_id}>
                  <Table.Th scope="row" fw={500}>
                    {student.name}
                  </Table.Th>
                  <Table.Td>
                    <Badge variant="light" color={stage.color}>
                      {stage.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {student.worksheet_id === null ? '—' : `${student.pages_read} of ${student.num_pages}`}
                  </Table.Td>
                  <Table.Td visibleFrom="xs">
                    {student.score_percent === null
                      ? student.quiz_submitted
                        ? 'To mark'
                        : '—'
                      : `${Math.round(student.score_percent)}%${student.passed ? ' · passed' : ' · not passed'}`}
                  </Table.Td>
                  {readsAloud && <Table.Td visibleFrom="sm">{recordingWords(student)}</Table.Td>}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function WithdrawDialog({
  assignment,
  className,
  onClose,
}: {
  assignment: AssignmentActivity;
  className: string;
  onClose: () => void;
}) {
  const withdraw = useDeleteAssignment();
  const confirm = () =>
    withdraw.mutate(assignment.assignment_id, {
      onSuccess: () => {
        showToast({ type: 'positive', message: `“${assignment.title}” is withdrawn.` });
        onClose();
      },
    });
  return (
    <Dialog opened onClose={onClose} title={`Withdraw “${assignment.title}”?`}>
      <Stack gap="md">
        <Text>The students of {className} will no longer see it. The work they have done on it is kept.</Text>
        {withdraw.error && (
          <Text c="red.8" role="alert">
            Not withdrawn: {withdraw.error.message}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={withdraw.isPending} onClick={confirm}>
            Withdraw
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

import { Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { QueriesError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { showToast } from '@/lib/toasts';
import {
  useGoalSettings,
  useSaveClassGoal,
  useSaveStudentGoal,
  type ReadingGoal,
  type StudentGoalRow,
} from '../api/goal-settings';
import { GoalForm } from './goal-form';
import { formatDay } from '@/lib/dates';

/** "Lexile 650 · WCPM 90 · by 30 Jun 2027": a goal in one line. */
export function goalSummary(goal: ReadingGoal): string {
  const parts = [
    goal.target_lexile != null && `Lexile ${goal.target_lexile}`,
    goal.target_wpm != null && `WPM ${goal.target_wpm}`,
    goal.target_wcpm != null && `WCPM ${goal.target_wcpm}`,
    goal.target_date && `by ${formatDay(goal.target_date)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * A class’s reading goals (docs/rules.md G1–G2): the class default, and each student's own goal,
 * which replaces it for that student until cleared.
 */
export function ReadingGoals({ classId }: { classId: number }) {
  const settings = useGoalSettings(classId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reading-goals-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="reading-goals-heading">
          Reading goals
        </Title>
        {settings.isPending ? (
          <Loading label="Loading the class’s reading goals" />
        ) : settings.isError ? (
          <QueriesError title="The class’s reading goals could not be loaded" queries={[settings]} />
        ) : (
          <>
            <ClassGoal key={classId} classId={classId} goal={settings.data.class_goal} />
            <StudentGoals
              classId={classId}
              rows={settings.data.goal_settings}
              classGoal={settings.data.class_goal}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ClassGoal({ classId, goal }: { classId: number; goal: ReadingGoal | null }) {
  const save = useSaveClassGoal(classId);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Class goal
      </Title>
      <Text size="sm" c="dimmed">
        For every student without a goal of their own.
      </Text>
      <GoalForm
        goal={goal}
        idPrefix="class-goal"
        errorPrefix="settings.class_goal"
        error={save.error}
        pending={save.isPending}
        clearLabel="Remove class goal"
        onSave={(next) =>
          save.mutate(next, {
            onSuccess: () =>
              showToast({ type: 'positive', message: next ? 'Class goal saved.' : 'Class goal removed.' }),
          })
        }
      />
    </Stack>
  );
}

function StudentGoals({
  classId,
  rows,
  classGoal,
}: {
  classId: number;
  rows: StudentGoalRow[];
  classGoal: ReadingGoal | null;
}) {
  const [editing, setEditing] = useState<StudentGoalRow | null>(null);
  if (rows.length === 0) return <Text>No students in this class yet.</Text>;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Students’ own goals
      </Title>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Student</Table.Th>
            <Table.Th scope="col">Goal</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Change</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.student_id}>
              <Table.Th scope="row" fw={500}>
                {row.name}
              </Table.Th>
              <Table.Td>
                {row.goal ? (
                  goalSummary(row.goal)
                ) : (
                  <Text span c="dimmed" size="sm">
                    {classGoal ? `Class goal: ${goalSummary(classGoal)}` : 'No goal'}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconTarget size={16} aria-hidden />}
                  aria-label={`Set goal for ${row.name}`}
                  onClick={() => setEditing(row)}
                >
                  Set goal
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing && <StudentGoalDialog classId={classId} row={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

export function StudentGoalDialog({
  classId,
  row,
  onClose,
}: {
  classId: number;
  row: StudentGoalRow;
  onClose: () => void;
}) {
  const save = useSaveStudentGoal(classId, row.student_id);
  return (
    <Dialog opened onClose={onClose} title={`${row.name}’s reading goal`} size="lg">
      <GoalForm
        goal={row.goal}
        idPrefix={`student-goal-${row.student_id}`}
        errorPrefix="goal"
        error={save.error}
        pending={save.isPending}
        clearLabel="Use the class goal"
        onSave={(next) =>
          save.mutate(next, {
            onSuccess: () => {
              showToast({
                type: 'positive',
                message: next ? `${row.name}’s goal saved.` : `${row.name} follows the class goal.`,
              });
              onClose();
            },
          })
        }
      />
    </Dialog>
  );
}

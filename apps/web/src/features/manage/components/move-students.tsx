import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useClassList, useEnrolInClass, type ManagedClass } from '../api/classes';
import type { SchoolScope } from '@/shared/school-scope/school-scope';
import type { ManagedStudent } from '../api/students';
import { showToast } from '@/lib/toasts';
import { Dialog } from './dialog';
import { FormProblem } from './form-problem';

interface MoveStudentsProps {
  from: ManagedClass;
  students: ManagedStudent[];
  scope: SchoolScope;
  opened: boolean;
  onClose: () => void;
  onMoved: () => void;
}

/** Moves the chosen students to another class of the same school; the server refuses past its capacity. */
export function MoveStudents({ from, students, scope, opened, onClose, onMoved }: MoveStudentsProps) {
  const classes = useClassList(scope);
  const move = useEnrolInClass();
  const [target, setTarget] = useState('');
  const others = (classes.data ?? []).filter(
    (klass) => klass.id !== from.id && klass.school_id === from.school_id,
  );
  const confirm = () =>
    move.mutate(
      {
        classId: Number(target),
        studentIds: students.map((student) => student.student_id),
        fromClassId: from.id,
      },
      {
        onSuccess: ({ enrolled }) => {
          const name = others.find((klass) => String(klass.id) === target)?.name ?? 'the class';
          showToast({
            type: 'positive',
            message:
              enrolled === 1 ? `1 student moved to ${name}.` : `${enrolled} students moved to ${name}.`,
          });
          onMoved();
        },
      },
    );
  return (
    <Dialog opened={opened} onClose={onClose} title="Move to another class" size="lg">
      <Stack gap="md">
        <Text>
          {students.map((student) => student.name).join(', ')} leave {from.name} for the class you choose.
          Their reading and recordings go with them.
        </Text>
        <NativeSelect
          label="New class"
          value={target}
          onChange={(event) => setTarget(event.currentTarget.value)}
          data={[
            { value: '', label: 'Choose…', disabled: true },
            ...others.map((klass) => ({
              value: String(klass.id),
              label: `${klass.name} (${klass.student_count} of ${klass.num_students})`,
            })),
          ]}
        />
        <FormProblem error={move.error} title="Nobody was moved" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!target} loading={move.isPending} onClick={confirm}>
            {students.length === 1 ? 'Move 1 student' : `Move ${students.length} students`}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

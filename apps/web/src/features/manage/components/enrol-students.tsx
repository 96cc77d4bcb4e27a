import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { showToast } from '@/lib/toasts';
import { useEnrolInClass, type ManagedClass } from '../api/classes';
import { useStudentList } from '../api/students';
import { Dialog } from './dialog';
import { FormProblem } from './form-problem';
import { StudentTable } from './student-table';
import { useSelection } from './use-selection';

interface EnrolStudentsProps {
  klass: ManagedClass;
  /** Already in the class: not offered again. */
  enrolledIds: readonly number[];
  opened: boolean;
  onClose: () => void;
}

/** Students of the school found by the server's search, enrolled in the class (within its capacity). */
export function EnrolStudents({ klass, enrolledIds, opened, onClose }: EnrolStudentsProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const found = useStudentList({ scope: { school_id: klass.school_id }, search: debouncedSearch, page: 0 });
  const offered = (found.data?.students ?? []).filter((student) => !enrolledIds.includes(student.student_id));
  const selection = useSelection(offered.map((student) => student.student_id));
  const enrol = useEnrolInClass();
  const confirm = () =>
    enrol.mutate(
      { classId: klass.id, studentIds: selection.selected },
      {
        onSuccess: ({ enrolled }) => {
          showToast({
            type: 'positive',
            message:
              enrolled === 1
                ? `1 student joined ${klass.name}.`
                : `${enrolled} students joined ${klass.name}.`,
          });
          selection.clear();
          onClose();
        },
      },
    );
  return (
    <Dialog opened={opened} onClose={onClose} title={`Add students to ${klass.name}`} size="xl">
      <Stack gap="md">
        <TextInput
          label="Find a student"
          description="Part of a name or username"
          leftSection={<IconSearch size={18} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {offered.length === 0 ? (
          <Text>{found.isPending ? 'Looking…' : 'No student to add.'}</Text>
        ) : (
          <StudentTable students={offered} selection={selection} caption="Students of the school" />
        )}
        <FormProblem error={enrol.error} title="Nobody was added" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={selection.selected.length === 0} loading={enrol.isPending} onClick={confirm}>
            Add {selection.selected.length === 1 ? '1 student' : `${selection.selected.length} students`}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf } from '@/lib/api-client';
import { useCreateStudents } from '../api/students';
import { CreatedAccounts, type CreatedAccount } from './created-accounts';
import { FormCard } from './form-card';

const emptyStudent = () => ({ first_name: '', last_name: '', username: '', password: '' });

/**
 * New students for one class, one or many at once, all or none (POST /v1/students/batch-create). The server refuses
 * past the class's capacity or the school's free licence seats and says by how many; its words show above the
 * button, and a bad field on the field.
 */
export function NewStudentsForm({ classId, onDone }: { classId: number; onDone: () => void }) {
  const create = useCreateStudents();
  const [created, setCreated] = useState<CreatedAccount[] | null>(null);
  const form = useForm({ initialValues: { students: [emptyStudent()] } });
  const rows = form.values.students;

  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        class_id: classId,
        students: values.students.map(({ password, ...student }) => ({
          ...student,
          ...(password && { password }),
        })),
      },
      {
        onSuccess: ({ students }) => setCreated(students),
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    ),
  );

  if (created) return <CreatedAccounts accounts={created} onDone={onDone} />;
  return (
    <FormCard
      id="new-students-heading"
      title="New students"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={rows.length === 1 ? 'Create the student' : `Create ${rows.length} students`}
      pending={create.isPending}
      error={create.error}
      errorTitle="No student was created"
      moreActions={
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => form.insertListItem('students', emptyStudent())}
        >
          Add another student
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        Leave the password empty and one is made for each student; you will see it once.
      </Text>
      {rows.map((_, index) => {
        const suffix = rows.length > 1 ? ` (student ${index + 1})` : '';
        const field = (name: string) => form.getInputProps(`students.${index}.${name}`);
        return (
          <Stack key={index} gap={4}>
            {rows.length > 1 && (
              <Group justify="space-between">
                <Text fw={600}>Student {index + 1}</Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => form.removeListItem('students', index)}
                >
                  Leave out student {index + 1}
                </Button>
              </Group>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
              <TextInput label={`First name${suffix}`} required {...field('first_name')} />
              <TextInput label={`Last name${suffix}`} required {...field('last_name')} />
              <TextInput
                label={`Username${suffix}`}
                required
                autoCapitalize="none"
                spellCheck={false}
                {...field('username')}
              />
              <PasswordInput label={`Password${suffix}`} autoComplete="new-password" {...field('password')} />
            </SimpleGrid>
          </Stack>
        );
      })}
    </FormCard>
  );
}

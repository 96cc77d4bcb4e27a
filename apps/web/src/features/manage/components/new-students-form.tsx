import { PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldErrorsOf } from '@/lib/api-client';
import { useCreateStudents } from '../api/students';
import { CreatedAccounts, type CreatedAccount } from './created-accounts';
import { RowsFormCard } from './form-card';

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
    <RowsFormCard
      id="new-students-heading"
      title="New students"
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending}
      error={create.error}
      errorTitle="No student was created"
      noun={{ one: 'student', many: 'students' }}
      rowCount={form.values.students.length}
      onAddRow={() => form.insertListItem('students', emptyStudent())}
      onRemoveRow={(index) => form.removeListItem('students', index)}
      row={(index, suffix) => {
        const field = (name: string) => form.getInputProps(`students.${index}.${name}`);
        return (
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
        );
      }}
    >
      <Text size="sm" c="dimmed">
        Leave the password empty and one is made for each student; you will see it once.
      </Text>
    </RowsFormCard>
  );
}

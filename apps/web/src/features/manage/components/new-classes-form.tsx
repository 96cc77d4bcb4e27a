import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_CLASS_SIZE } from '@readalong/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useCreateClasses } from '../api/classes';
import { useManagedSchools } from '../api/school';
import type { SchoolScope } from '../api/school-scope';
import { ClassFields, classBody, type ClassValues } from './class-fields';
import { FormCard } from './form-card';
import { useTeacherOptions } from './teacher-options';

const emptyClass = (): ClassValues => ({ name: '', num_students: DEFAULT_CLASS_SIZE, teacher_ids: [] });

interface NewClassesFormProps {
  scope: SchoolScope;
  /** A department head names the school; owners and teachers create in their own. */
  choosesSchool: boolean;
  /** A teacher teaches what they create: no choice of teachers. */
  choosesTeachers: boolean;
  onDone: () => void;
}

/** One class or several at once, all or none (POST /v1/classes/batch-create). */
export function NewClassesForm({ scope, choosesSchool, choosesTeachers, onDone }: NewClassesFormProps) {
  const create = useCreateClasses();
  // Controlled: the rows shown and the teachers offered follow the values as they change.
  const form = useForm({
    initialValues: { school_id: scope.school_id ? String(scope.school_id) : null, classes: [emptyClass()] },
  });
  const schoolId = Number(form.values.school_id) || null;
  const teacherOptions = useTeacherOptions(scope, schoolId);
  const rows = form.values.classes;

  const submit = form.onSubmit((values) =>
    create.mutate(
      values.classes.map((row) => ({
        ...classBody(row, choosesTeachers),
        ...(choosesSchool && values.school_id && { school_id: Number(values.school_id) }),
      })),
      {
        onSuccess: ({ classes }) => {
          showToast({
            type: 'positive',
            message:
              classes.length === 1
                ? `${classes[0]!.name} is created.`
                : `${classes.length} classes are created.`,
          });
          onDone();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    ),
  );

  return (
    <FormCard
      id="new-classes-heading"
      title="New classes"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={rows.length === 1 ? 'Create the class' : `Create ${rows.length} classes`}
      pending={create.isPending}
      error={create.error}
      errorTitle="No class was created"
      moreActions={
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => form.insertListItem('classes', emptyClass())}
        >
          Add another class
        </Button>
      }
    >
      {choosesSchool && <SchoolSelect form={form} />}
      {rows.map((_, index) => (
        <Stack key={index} gap={4}>
          {rows.length > 1 && (
            <Group justify="space-between">
              <Text fw={600}>Class {index + 1}</Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => form.removeListItem('classes', index)}
              >
                Leave out class {index + 1}
              </Button>
            </Group>
          )}
          <ClassFields
            form={form}
            prefix={`classes.${index}.`}
            teacherOptions={choosesTeachers ? teacherOptions : null}
            labelSuffix={rows.length > 1 ? ` (class ${index + 1})` : ''}
          />
        </Stack>
      ))}
    </FormCard>
  );
}

type SchoolForm = ReturnType<typeof useForm<{ school_id: string | null; classes: ClassValues[] }>>;

function SchoolSelect({ form }: { form: SchoolForm }) {
  const schools = useManagedSchools();
  return (
    <Select
      label="School"
      required
      data={(schools.data ?? []).map((school) => ({ value: String(school.id), label: school.name }))}
      key={form.key('school_id')}
      {...form.getInputProps('school_id')}
    />
  );
}

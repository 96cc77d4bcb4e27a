import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_CLASS_SIZE } from '@readalong/contracts';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useCreateClasses } from '../api/classes';
import { useManagedSchools } from '../api/school';
import type { SchoolScope } from '@/shared/school-scope/school-scope';
import { ClassFields, classBody, type ClassValues } from './class-fields';
import { RowsFormCard } from './form-card';
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
    <RowsFormCard
      id="new-classes-heading"
      title="New classes"
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending}
      error={create.error}
      errorTitle="No class was created"
      noun={{ one: 'class', many: 'classes' }}
      rowCount={form.values.classes.length}
      onAddRow={() => form.insertListItem('classes', emptyClass())}
      onRemoveRow={(index) => form.removeListItem('classes', index)}
      row={(index, suffix) => (
        <ClassFields
          form={form}
          prefix={`classes.${index}.`}
          teacherOptions={choosesTeachers ? teacherOptions : null}
          labelSuffix={suffix}
        />
      )}
    >
      {choosesSchool && <SchoolSelect form={form} />}
    </RowsFormCard>
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

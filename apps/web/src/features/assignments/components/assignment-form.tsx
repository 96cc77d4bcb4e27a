import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Radio,
  ScrollArea,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { BuilderType } from '@readalong/contracts';
import { Dialog } from '@/components/dialog';
import { LoadError } from '@/components/load-error';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useSchoolScope } from '@/shared/school-scope/school-scope';
import {
  useClassStudents,
  useCreateAssignment,
  useTeacherClasses,
  useUpdateAssignment,
  type AssignmentActivity,
} from '../api/assignments';

const NOTE_MAX = 500;

/** What is being assigned: a book or a skill builder of the library. */
export interface Assignable {
  id: number;
  title: string;
  builder_type_id: number;
}

interface FormValues {
  class_id: string | null;
  who: 'class' | 'chosen';
  student_ids: string[];
  due_at: string;
  note: string;
  read_aloud: boolean;
}

type Props =
  | { passage: Assignable; assignment?: undefined; onClose: () => void }
  | {
      assignment: AssignmentActivity;
      classId: number;
      className: string;
      passage?: undefined;
      onClose: () => void;
    };

/**
 * Assigns a passage to a class, or to chosen students of it, with a due date and a note (docs/rules.md P4, C39); or
 * changes an assignment's students, due date and note. The server's field errors show on their fields.
 */
export function AssignmentDialog(props: Props) {
  const { assignment, onClose } = props;
  const passage = props.passage ?? {
    id: assignment!.passage_id,
    title: assignment!.title,
    builder_type_id: assignment!.builder_type_id,
  };
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  const saving = assignment ? update : create;
  const form = useForm<FormValues>({
    initialValues: {
      class_id: props.assignment ? String(props.classId) : null,
      who: assignment?.student_ids ? 'chosen' : 'class',
      student_ids: assignment?.student_ids?.map(String) ?? [],
      due_at: assignment?.due_at ?? '',
      note: assignment?.note ?? '',
      read_aloud: assignment?.read_aloud ?? true,
    },
    validate: {
      class_id: (value) => (!assignment && !value ? 'Choose the class it is for' : null),
      student_ids: (value, values) =>
        values.who === 'chosen' && value.length === 0 ? 'Choose at least one student' : null,
      note: (value) => (value.length > NOTE_MAX ? `At most ${NOTE_MAX} characters` : null),
    },
  });
  const classId = form.values.class_id ? Number(form.values.class_id) : null;

  const submit = form.onSubmit((values) => {
    const settings = {
      student_ids: values.who === 'chosen' ? values.student_ids.map(Number) : null,
      due_at: values.due_at || null,
      note: values.note.trim() || null,
      ...(passage.builder_type_id === BuilderType.PowerBuilder && { read_aloud: values.read_aloud }),
    };
    const onError = (error: Error) => form.setErrors(fieldErrorsOf(error));
    if (assignment) {
      update.mutate(
        { id: assignment.assignment_id, changes: settings },
        {
          onSuccess: () => {
            showToast({ type: 'positive', message: `“${passage.title}” is changed.` });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { passage_id: passage.id, class_id: classId!, ...settings },
        {
          onSuccess: () => {
            showToast({
              type: 'positive',
              message: `“${passage.title}” is assigned. Its students are told.`,
            });
            onClose();
          },
          onError,
        },
      );
    }
  });

  return (
    <Dialog
      opened
      onClose={onClose}
      title={assignment ? `Change “${passage.title}”` : `Assign “${passage.title}”`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {props.assignment ? (
            <Text size="sm">
              For <strong>{props.className}</strong>
            </Text>
          ) : (
            <ClassPicker {...form.getInputProps('class_id')} />
          )}
          <Radio.Group label="Who reads it" {...form.getInputProps('who')}>
            <Group gap="lg" mt={4}>
              <Radio value="class" label="The whole class" />
              <Radio value="chosen" label="Chosen students" />
            </Group>
          </Radio.Group>
          {form.values.who === 'chosen' && classId !== null && (
            <StudentPicker classId={classId} {...form.getInputProps('student_ids')} />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="Due date"
              description="Leave empty for none"
              {...form.getInputProps('due_at')}
            />
            {passage.builder_type_id === BuilderType.PowerBuilder && (
              <Switch
                mt={{ xs: 'xl' }}
                label="Read aloud and send the recording"
                {...form.getInputProps('read_aloud', { type: 'checkbox' })}
              />
            )}
          </SimpleGrid>
          <Textarea
            label="Note for the students"
            rows={3}
            maxLength={NOTE_MAX}
            {...form.getInputProps('note')}
          />
          {saving.error && !Object.keys(fieldErrorsOf(saving.error)).length && (
            <Alert color="red" variant="light" title="Not saved" role="alert">
              {saving.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending}>
              {assignment ? 'Save' : 'Assign'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

interface FieldProps<V> {
  value?: V;
  onChange: (value: V) => void;
  error?: string;
}

function ClassPicker({ value, onChange, error }: FieldProps<string | null>) {
  const classes = useTeacherClasses(useSchoolScope());
  if (classes.isError)
    return (
      <LoadError
        title="Your classes could not be read"
        error={classes.error}
        retry={() => void classes.refetch()}
      />
    );
  const options = (classes.data ?? []).map((klass) => ({ value: String(klass.id), label: klass.name }));
  const prompt = classes.isPending
    ? 'Reading your classes…'
    : options.length
      ? 'Choose a class'
      : 'You have no classes yet';
  return (
    <NativeSelect
      label="Class"
      required
      data={[{ value: '', label: prompt, disabled: true }, ...options]}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
    />
  );
}

function StudentPicker({ classId, value, onChange, error }: FieldProps<string[]> & { classId: number }) {
  const students = useClassStudents(classId);
  if (students.isPending) return <Loader size="sm" aria-label="Reading the class’s students" />;
  if (students.isError)
    return (
      <LoadError
        title="The class’s students could not be read"
        error={students.error}
        retry={() => void students.refetch()}
      />
    );
  if (students.data.length === 0) return <Text size="sm">This class has no students yet.</Text>;
  return (
    <Checkbox.Group label="Students" value={value} onChange={onChange} error={error} required>
      <ScrollArea.Autosize mah={220} mt={4}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
          {students.data.map((student) => (
            <Checkbox key={student.student_id} value={String(student.student_id)} label={student.name} />
          ))}
        </SimpleGrid>
      </ScrollArea.Autosize>
    </Checkbox.Group>
  );
}

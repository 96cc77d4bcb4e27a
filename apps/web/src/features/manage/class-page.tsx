import { Anchor, Button, Card, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconArrowLeft,
  IconArrowsExchange,
  IconPencil,
  IconUserMinus,
  IconUserPlus,
  IconUsers,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Loaded } from '@/components/loaded';
import { paths } from '@/config/paths';
import { fieldErrorsOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { showToast } from '@/lib/toasts';
import { ExportClassButton } from '@/shared/class-export/export-class-button';
import {
  useClass,
  useClassStudents,
  useRemoveFromClass,
  useUpdateClass,
  type ManagedClass,
} from './api/classes';
import { scopedHref, useSchoolScope } from '@/shared/school-scope/school-scope';
import type { ManagedStudent } from './api/students';
import { ClassFields, classBody, type ClassValues } from './components/class-fields';
import { ConfirmModal } from './components/confirm-modal';
import { EnrolStudents } from './components/enrol-students';
import { FormCard } from './components/form-card';
import { MoveStudents } from './components/move-students';
import { NewStudentsForm } from './components/new-students-form';
import { Seats } from './components/seats';
import { StudentTable } from './components/student-table';
import { useTeacherOptions } from './components/teacher-options';
import { useSelection } from './components/use-selection';
import { plural } from '@/lib/plural';

/**
 * One class (docs/rules.md C30): its details and teachers, its students, new students for it and students taken
 * out of it. Its capacity is enforced by the server; a refusal says so in words.
 */
export function ManageClassPage() {
  const classId = Number(useParams().classId);
  const klass = useClass(classId);
  const scope = useSchoolScope();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={scopedHref(paths.manage.classes.getHref(), scope)}>
        <Group gap={4} component="span">
          <IconArrowLeft size={18} aria-hidden />
          All classes
        </Group>
      </Anchor>
      <Loaded query={klass} loadingLabel="Loading the class" errorTitle="The class could not be loaded">
        {(loaded) => (
          <>
            <ClassDetails klass={loaded} />
            <ClassStudents klass={loaded} />
          </>
        )}
      </Loaded>
    </Stack>
  );
}

function ClassDetails({ klass }: { klass: ManagedClass }) {
  const [isEditing, setEditing] = useState(false);
  if (isEditing) return <EditClassForm klass={klass} onDone={() => setEditing(false)} />;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            {klass.name}
          </Title>
          <Text>Teachers: {klass.teachers.map((teacher) => teacher.name).join(', ') || 'none yet'}</Text>
          <Seats used={klass.student_count} total={klass.num_students} label="students" />
        </Stack>
        <Group gap="sm" wrap="wrap">
          <ExportClassButton klass={klass} />
          <Button
            variant="light"
            leftSection={<IconPencil size={18} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Edit the class
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function EditClassForm({ klass, onDone }: { klass: ManagedClass; onDone: () => void }) {
  const { userRole } = useAuth();
  const scope = useSchoolScope();
  const choosesTeachers = userRole !== 'teacher';
  const teacherOptions = useTeacherOptions(scope, klass.school_id);
  const update = useUpdateClass(klass.id);
  const form = useForm<ClassValues>({
    initialValues: {
      name: klass.name,
      num_students: klass.num_students,
      teacher_ids: klass.teachers.map((teacher) => String(teacher.id)),
    },
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { ...classBody(values, choosesTeachers), academic_level_id: klass.academic_level_id },
      {
        onSuccess: (saved) => {
          showToast({ type: 'positive', message: `${saved.name} is saved.` });
          onDone();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    ),
  );
  return (
    <FormCard
      id="edit-class-heading"
      title={`Edit ${klass.name}`}
      titleSize="h3"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel="Save the class"
      pending={update.isPending}
      error={update.error}
    >
      <ClassFields form={form} prefix="" teacherOptions={choosesTeachers ? teacherOptions : null} />
    </FormCard>
  );
}

const fullName = (student: ManagedStudent) => student.name;

type OpenDialog = 'remove' | 'move' | 'enrol' | null;

function ClassStudents({ klass }: { klass: ManagedClass }) {
  const classId = klass.id;
  const scope = useSchoolScope();
  const students = useClassStudents(classId);
  const [isAdding, setAdding] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const selection = useSelection(students.data?.map((student) => student.student_id) ?? []);
  const remove = useRemoveFromClass(classId);
  const chosen = (students.data ?? []).filter((student) => selection.isTicked(student.student_id));

  const confirmRemoval = () =>
    remove.mutate(
      chosen.map((student) => student.student_id),
      {
        onSuccess: ({ removed }) => {
          showToast({
            type: 'positive',
            message: `${plural(removed, 'student', 'students')} left the class.`,
          });
          selection.clear();
          close();
        },
      },
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="class-students-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="class-students-heading">
          Students
        </Title>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            color="red"
            disabled={chosen.length === 0}
            leftSection={<IconUserMinus size={18} aria-hidden />}
            onClick={() => {
              remove.reset();
              setDialog('remove');
            }}
          >
            Remove from the class{chosen.length > 0 && ` (${chosen.length})`}
          </Button>
          <Button
            variant="light"
            disabled={chosen.length === 0}
            leftSection={<IconArrowsExchange size={18} aria-hidden />}
            onClick={() => setDialog('move')}
          >
            Move to another class{chosen.length > 0 && ` (${chosen.length})`}
          </Button>
          <Button
            variant="light"
            leftSection={<IconUsersPlus size={18} aria-hidden />}
            onClick={() => setDialog('enrol')}
          >
            Add students of the school
          </Button>
          {!isAdding && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
              New students
            </Button>
          )}
        </Group>
      </Group>
      {isAdding && <NewStudentsForm classId={classId} onDone={() => setAdding(false)} />}
      <Loaded
        query={students}
        loadingLabel="Loading the class’s students"
        errorTitle="The class’s students could not be loaded"
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<IconUsers aria-hidden />}>
              <EmptyState.Title order={3}>No students in this class yet</EmptyState.Title>
              <EmptyState.Description>Add them with “New students”.</EmptyState.Description>
            </EmptyState>
          ) : (
            <StudentTable students={list} selection={selection} caption={`${list.length} students`} />
          )
        }
      </Loaded>
      <MoveStudents
        from={klass}
        students={chosen}
        scope={scope}
        opened={dialog === 'move'}
        onClose={close}
        onMoved={() => {
          selection.clear();
          close();
        }}
      />
      {dialog === 'enrol' && (
        <EnrolStudents
          klass={klass}
          enrolledIds={(students.data ?? []).map((student) => student.student_id)}
          opened
          onClose={close}
        />
      )}
      <ConfirmModal
        opened={dialog === 'remove'}
        title="Remove from the class?"
        names={chosen.map(fullName)}
        confirmLabel={`Remove ${plural(chosen.length, 'student', 'students')}`}
        onConfirm={confirmRemoval}
        onClose={close}
        isPending={remove.isPending}
        error={remove.error}
      >
        These students leave the class. Their accounts, reading and recordings stay.
      </ConfirmModal>
    </Stack>
  );
}

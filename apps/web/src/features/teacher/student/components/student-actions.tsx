import { Alert, Button, Group, List, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconLockOpen, IconRefresh, IconStairs } from '@tabler/icons-react';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { fieldErrorsOf } from '@/lib/api-client';
import { bandOptions, levelLabel, SERIES_OPTIONS } from '@/lib/levels';
import { showToast } from '@/lib/toasts';
import { usePlaceStudent, useResetStudent, useSignInLock, type StudentReport } from '../api/student-report';
import classes from '../student-report.module.css';
import { formatTime } from '@/lib/dates';

type Student = StudentReport['student'];

/** Why the server refused, in its words, where the teacher is looking. */
function Refusal({ error, title }: { error: Error | null; title: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {error.message}
    </Alert>
  );
}

const timeOf = formatTime;

/**
 * What staff do to one student from their page (docs/rules.md C35): lock or unlock signing in (S8), reset the
 * placement after a confirmation saying what changes (R17), and set the level by hand with a reason (R12).
 */
export function StudentActions({ student }: { student: Student }) {
  const [dialog, setDialog] = useState<'reset' | 'place' | null>(null);
  const lock = useSignInLock();
  const setLock = (locked: boolean) =>
    lock.mutate(
      { username: student.username, locked },
      {
        onSuccess: ({ locked_until }) =>
          showToast({
            type: 'positive',
            message: locked_until
              ? `${student.name} cannot sign in until ${timeOf(locked_until)}.`
              : `${student.name} can sign in again.`,
          }),
      },
    );
  const close = () => setDialog(null);
  return (
    <Stack gap="md" className={classes.noPrint} component="section" aria-labelledby="student-actions-heading">
      <Title order={3} size="h4" id="student-actions-heading">
        Sign-in and level
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          Locking stops {student.name} signing in for 15 minutes; unlocking also clears failed sign-ins.
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconLock size={18} aria-hidden />}
            loading={lock.isPending && lock.variables.locked}
            onClick={() => setLock(true)}
          >
            Lock sign-in
          </Button>
          <Button
            variant="default"
            leftSection={<IconLockOpen size={18} aria-hidden />}
            loading={lock.isPending && !lock.variables.locked}
            onClick={() => setLock(false)}
          >
            Unlock sign-in
          </Button>
        </Group>
        <Refusal error={lock.error} title="Sign-in not changed" />
      </Stack>
      <Stack gap="xs">
        <Text size="sm">Now at {levelLabel(student.series, student.colour_band_id)}.</Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconStairs size={18} aria-hidden />}
            onClick={() => setDialog('place')}
          >
            Set level by hand…
          </Button>
          <Button
            variant="default"
            color="orange"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => setDialog('reset')}
          >
            Reset placement…
          </Button>
        </Group>
      </Stack>
      {dialog === 'reset' && (
        <Dialog opened onClose={close} title={`Reset ${student.name}’s placement?`} size="lg">
          <ResetForm student={student} onDone={close} />
        </Dialog>
      )}
      {dialog === 'place' && (
        <Dialog opened onClose={close} title={`Set ${student.name}’s level`} size="lg">
          <PlaceForm student={student} onDone={close} />
        </Dialog>
      )}
    </Stack>
  );
}

function DialogButtons({
  onCancel,
  submitLabel,
  submitColor,
  pending,
}: {
  onCancel: () => void;
  submitLabel: string;
  submitColor?: string;
  pending: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" color={submitColor} loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}

function FormStack({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

/** R17: what a reset takes away and what it keeps, said before it happens. */
function ResetForm({ student, onDone }: { student: Student; onDone: () => void }) {
  const reset = useResetStudent(student.student_id);
  const form = useForm({
    initialValues: { starting_point: String(student.series ?? SERIES_OPTIONS[0]!.value) },
  });
  const submit = form.onSubmit((values) =>
    reset.mutate(Number(values.starting_point), {
      onSuccess: () => {
        showToast({ type: 'positive', message: `${student.name} takes the placement test next.` });
        onDone();
      },
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    }),
  );
  return (
    <FormStack onSubmit={submit}>
      <Text fw={600}>What changes:</Text>
      <List spacing={4}>
        <List.Item>
          {student.name}’s level ({levelLabel(student.series, student.colour_band_id)}) is cleared.
        </List.Item>
        <List.Item>
          Until they take the placement test, they can open only that test: no books or builders.
        </List.Item>
        <List.Item>
          Their progress towards the next band stops counting if the test places them back in the same band.
        </List.Item>
      </List>
      <Text>Kept: their books, quiz scores, recordings, goals and coins.</Text>
      <NativeSelect
        label="Placement test of"
        data={SERIES_OPTIONS}
        {...form.getInputProps('starting_point')}
      />
      <Refusal error={reset.error} title="Nothing was reset" />
      <DialogButtons
        onCancel={onDone}
        submitLabel="Reset placement"
        submitColor="orange"
        pending={reset.isPending}
      />
    </FormStack>
  );
}

/** A native select's empty first choice, so nothing is picked by accident. */
const CHOOSE = { value: '', label: 'Choose…', disabled: true };

function PlaceForm({ student, onDone }: { student: Student; onDone: () => void }) {
  const place = usePlaceStudent(student.student_id);
  const form = useForm({
    initialValues: {
      series_id: student.series ? String(student.series) : '',
      colour_band_id: student.colour_band_id ? String(student.colour_band_id) : '',
      reason: '',
    },
    validate: {
      series_id: (value) => (value ? null : 'Choose a series'),
      colour_band_id: (value) => (value ? null : 'Choose a colour band'),
    },
  });
  const submit = form.onSubmit((values) =>
    place.mutate(
      {
        series_id: Number(values.series_id),
        colour_band_id: Number(values.colour_band_id),
        reason: values.reason.trim() || undefined,
      },
      {
        onSuccess: (level) => {
          showToast({
            type: 'positive',
            message: `${student.name} is now at ${levelLabel(level.series_id, level.colour_band_id)}.`,
          });
          onDone();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    ),
  );
  return (
    <FormStack onSubmit={submit}>
      <Text>Now: {levelLabel(student.series, student.colour_band_id)}.</Text>
      <NativeSelect
        label="Series"
        data={[CHOOSE, ...SERIES_OPTIONS]}
        {...form.getInputProps('series_id')}
        onChange={(event) => {
          form.setFieldValue('series_id', event.currentTarget.value);
          form.setFieldValue('colour_band_id', '');
        }}
      />
      <NativeSelect
        label="Colour band"
        data={[CHOOSE, ...bandOptions(form.values.series_id)]}
        {...form.getInputProps('colour_band_id')}
      />
      <TextInput
        label="Why (optional)"
        description="Kept with the level change, for other teachers to read."
        maxLength={500}
        {...form.getInputProps('reason')}
      />
      <Refusal error={place.error} title="The level was not changed" />
      <DialogButtons onCancel={onDone} submitLabel="Set the level" pending={place.isPending} />
    </FormStack>
  );
}

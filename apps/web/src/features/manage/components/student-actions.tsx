import { ActionIcon, Menu, NativeSelect, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconDots,
  IconKey,
  IconLockOpen,
  IconPencil,
  IconRefresh,
  IconStairs,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf } from '@/lib/api-client';
import { bandOptions, levelLabel, SERIES_OPTIONS } from '@/lib/levels';
import { showToast } from '@/lib/toasts';
import { usePlaceStudent, useResetPlacement, useUnlockStudent, type ManagedStudent } from '../api/students';
import { AccountStatusDialog } from './account-status';
import { Dialog } from '@/components/dialog';
import { DialogForm } from './dialog-form';
import { EditAccountDialog } from './edit-account';
import { ResetPasswordDialog } from './reset-password';

type OpenDialog = 'reset' | 'place' | 'edit' | 'password' | 'status' | null;

/** A native select's empty first choice, so nothing is picked by accident. */
const CHOOSE = { value: '', label: 'Choose…', disabled: true };

/**
 * What staff can do to one student: lift a sign-in lockout, reset placement, set the level by hand. Owners and
 * department heads also edit the account, reset its password and disable or enable it (docs/rules.md C32, M10).
 */
export function StudentActions({
  student,
  managesAccount = false,
}: {
  student: ManagedStudent;
  /** Whether the caller may edit, reset or disable the account (owners and department heads). */
  managesAccount?: boolean;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { disabled } = student;
  const unlock = useUnlockStudent();
  const close = () => setDialog(null);
  const unlockNow = () =>
    unlock.mutate(student.username, {
      onSuccess: () => showToast({ type: 'positive', message: `${student.name} can sign in again.` }),
      onError: (error) => showToast({ type: 'negative', message: error.message }),
    });
  return (
    <>
      <Menu position="bottom-end" width={240}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={`Actions for ${student.name}`}>
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconLockOpen size={18} aria-hidden />} onClick={unlockNow}>
            Unlock sign-in
          </Menu.Item>
          <Menu.Item leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => setDialog('reset')}>
            Reset placement…
          </Menu.Item>
          <Menu.Item leftSection={<IconStairs size={18} aria-hidden />} onClick={() => setDialog('place')}>
            Set level by hand…
          </Menu.Item>
          {managesAccount && (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setDialog('edit')}>
                Edit…
              </Menu.Item>
              <Menu.Item
                leftSection={<IconKey size={18} aria-hidden />}
                onClick={() => setDialog('password')}
              >
                Reset password…
              </Menu.Item>
              <Menu.Item
                leftSection={
                  disabled ? <IconUserCheck size={18} aria-hidden /> : <IconUserOff size={18} aria-hidden />
                }
                onClick={() => setDialog('status')}
              >
                {disabled ? 'Enable…' : 'Disable…'}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {/* Mounted only while open: a page of students holds no closed dialogs. */}
      {dialog === 'reset' && (
        <Dialog opened onClose={close} title={`Reset ${student.name}’s placement`}>
          <ResetForm student={student} onDone={close} />
        </Dialog>
      )}
      {dialog === 'place' && (
        <Dialog opened onClose={close} title={`Set ${student.name}’s level`}>
          <PlaceForm student={student} onDone={close} />
        </Dialog>
      )}
      {dialog === 'edit' && (
        <EditAccountDialog account={{ ...student, id: student.student_id }} onClose={close} />
      )}
      {dialog === 'password' && <ResetPasswordDialog student={student} onClose={close} />}
      {dialog === 'status' && (
        <AccountStatusDialog
          account={{
            id: student.student_id,
            name: student.name,
            label: `${student.name} (${student.username})`,
            isDisabled: disabled,
            isStudent: true,
          }}
          onClose={close}
        />
      )}
    </>
  );
}

function ResetForm({ student, onDone }: { student: ManagedStudent; onDone: () => void }) {
  const reset = useResetPlacement();
  const form = useForm({ initialValues: { starting_point: String(student.series ?? 6) } });
  const submit = form.onSubmit((values) =>
    reset.mutate(
      { studentId: student.student_id, seriesId: Number(values.starting_point) },
      {
        onSuccess: () => {
          showToast({ type: 'positive', message: `${student.name} takes the placement test next.` });
          onDone();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    ),
  );
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onDone}
      submitLabel="Reset placement"
      submitColor="orange"
      pending={reset.isPending}
      error={reset.error}
    >
      <Text>
        Now: {levelLabel(student.series, student.colour_band_id)}. The band becomes none and the student takes
        the placement test of the series you choose.
      </Text>
      <NativeSelect
        label="Placement test of"
        data={SERIES_OPTIONS}
        {...form.getInputProps('starting_point')}
      />
    </DialogForm>
  );
}

function PlaceForm({ student, onDone }: { student: ManagedStudent; onDone: () => void }) {
  const place = usePlaceStudent();
  const form = useForm({
    initialValues: {
      series_id: student.series ? String(student.series) : '',
      colour_band_id: student.colour_band_id ? String(student.colour_band_id) : '',
    },
  });
  const submit = form.onSubmit((values) =>
    place.mutate(
      {
        studentId: student.student_id,
        placement: { series_id: Number(values.series_id), colour_band_id: Number(values.colour_band_id) },
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
    <DialogForm
      onSubmit={submit}
      onCancel={onDone}
      submitLabel="Set the level"
      pending={place.isPending}
      error={place.error}
    >
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
    </DialogForm>
  );
}

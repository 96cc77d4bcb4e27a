import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useUpdateAccount, type AccountChanges } from '../api/accounts';
import { Dialog } from '@/components/dialog';
import { DialogForm } from './dialog-form';

/** What an owner or department head may change of another account; `email` only for staff. */
export interface EditableAccount {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email?: string | null;
}

type EditedFields = Required<Pick<AccountChanges, 'first_name' | 'last_name' | 'username'>> & {
  email: string;
};

/** Only what was changed goes to the server: an untouched username is not checked again (M10). */
function changesOf(values: EditedFields, account: EditableAccount, withEmail: boolean): AccountChanges {
  const changes: AccountChanges = {};
  if (values.first_name !== account.first_name) changes.first_name = values.first_name;
  if (values.last_name !== account.last_name) changes.last_name = values.last_name;
  if (values.username !== account.username) changes.username = values.username;
  if (withEmail && values.email !== (account.email ?? '')) changes.email = values.email || null;
  return changes;
}

/**
 * Edits another account's names and username, and a staff member's email (PATCH /v1/user-management/users/{id},
 * docs/rules.md C32). The server's field errors land on their fields (C30).
 */
export function EditAccountDialog({ account, onClose }: { account: EditableAccount; onClose: () => void }) {
  const update = useUpdateAccount();
  const withEmail = account.email !== undefined;
  const name = `${account.first_name} ${account.last_name}`;
  const form = useForm<EditedFields>({
    initialValues: {
      first_name: account.first_name,
      last_name: account.last_name,
      username: account.username,
      email: account.email ?? '',
    },
  });
  const submit = form.onSubmit((values) => {
    const changes = changesOf(values, account, withEmail);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { userId: account.id, changes },
      {
        onSuccess: (saved) => {
          showToast({
            type: 'positive',
            message: `${saved.first_name} ${saved.last_name}’s account is saved.`,
          });
          onClose();
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    );
  });
  const field = (key: keyof EditedFields) => form.getInputProps(key);
  return (
    <Dialog opened onClose={onClose} title={`Edit ${name}`}>
      <DialogForm
        onSubmit={submit}
        onCancel={onClose}
        submitLabel="Save"
        pending={update.isPending}
        error={update.error}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" required {...field('first_name')} />
          <TextInput label="Last name" required {...field('last_name')} />
        </SimpleGrid>
        <TextInput
          label="Username"
          description="What they type to sign in"
          required
          autoCapitalize="none"
          spellCheck={false}
          {...field('username')}
        />
        {withEmail && (
          <TextInput
            label="Email"
            type="email"
            required
            description="Set-password links go here"
            {...field('email')}
          />
        )}
      </DialogForm>
    </Dialog>
  );
}

import { NativeSelect, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ROLE_LABELS } from '@/config/role-labels';
import { fieldErrorsOf } from '@/lib/api-client';
import { useManagedSchools } from '../api/school';
import type { SchoolScope } from '@/shared/school-scope/school-scope';
import { useCreateUsers } from '../api/staff';
import { CreatedAccounts, type CreatedAccount } from './created-accounts';
import { FormCard } from './form-card';

/** The staff roles an owner or department head may create: teachers and other owners of a school. */
const ROLE_OPTIONS = (['teacher', 'owner'] as const).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

/**
 * A new staff account (POST /v1/user-management/users/batch-create with one user). The server's field errors
 * (`users.0.email`) land on the fields.
 */
export function NewStaffForm({
  scope,
  choosesSchool,
  onDone,
}: {
  scope: SchoolScope;
  choosesSchool: boolean;
  onDone: () => void;
}) {
  const create = useCreateUsers();
  const schools = useManagedSchools();
  const [created, setCreated] = useState<CreatedAccount[] | null>(null);
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      username: '',
      email: '',
      login_role: 'teacher' as 'teacher' | 'owner',
      password: '',
      school_id: scope.school_id ? String(scope.school_id) : '',
    },
  });
  const submit = form.onSubmit(({ password, school_id, ...values }) =>
    create.mutate(
      [
        {
          ...values,
          ...(password && { password }),
          ...(choosesSchool && school_id && { school_id: Number(school_id) }),
        },
      ],
      {
        onSuccess: ({ users }) => setCreated(users),
        // One user sent: the server names its fields `users.0.<field>`.
        onError: (error) => form.setErrors(prefixless(fieldErrorsOf(error))),
      },
    ),
  );
  if (created) return <CreatedAccounts accounts={created} onDone={onDone} />;
  const field = (name: keyof typeof form.values) => form.getInputProps(name);
  return (
    <FormCard
      id="new-staff-heading"
      title="New staff member"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel="Create the account"
      pending={create.isPending}
      error={create.error}
      errorTitle="No account was created"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First name" required {...field('first_name')} />
        <TextInput label="Last name" required {...field('last_name')} />
        <TextInput
          label="Username"
          required
          autoCapitalize="none"
          spellCheck={false}
          {...field('username')}
        />
        <TextInput
          label="Email"
          type="email"
          required
          description="Password reset links go here"
          {...field('email')}
        />
        <NativeSelect label="Role" data={ROLE_OPTIONS} {...field('login_role')} />
        {choosesSchool && (
          <NativeSelect
            label="School"
            data={[
              { value: '', label: 'Choose…', disabled: true },
              ...(schools.data ?? []).map((school) => ({ value: String(school.id), label: school.name })),
            ]}
            {...field('school_id')}
          />
        )}
        <PasswordInput
          label="Password"
          description="Leave empty and one is made; you will see it once"
          autoComplete="new-password"
          {...field('password')}
        />
      </SimpleGrid>
    </FormCard>
  );
}

/** `users.0.email` → `email`: the form holds the one user's fields at its top level. */
const prefixless = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.replace(/^users\.0\./, ''), message]),
  );

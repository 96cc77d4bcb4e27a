import {
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { QueriesError } from '@/components/load-error';
import { schemaResolver, useForm } from '@mantine/form';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, updateProfile } from '@readalong/contracts';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { Loading } from '@/components/loading';
import { fieldErrorsOf } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useProfile, useUpdateProfile, useUpdateProfilePicture } from '../api/profile';

type Profile = NonNullable<ReturnType<typeof useProfile>['data']>;
const body = updateProfile.body.shape;

const DetailsSchema = z.object({
  first_name: body.first_name.unwrap(),
  last_name: body.last_name.unwrap(),
  email: z.union([z.literal(''), z.email('must be an email address')]),
  current_password: z.string(),
});

const PasswordSchema = z
  .object({
    current_password: z.string().min(1, 'type your current password'),
    new_password: body.new_password.unwrap(),
    confirm_new_password: z.string(),
  })
  .refine((values) => values.new_password === values.confirm_new_password, {
    message: 'does not match the new password',
    path: ['confirm_new_password'],
  });

/** The signed-in user's own profile: picture, name, email and password (/profile, docs/rules.md S6, S17). */
export function ProfileSection() {
  const profile = useProfile();
  if (profile.isPending) return <Loading label="Getting your profile" />;
  if (profile.isError) return <QueriesError title="Your profile could not be loaded" queries={[profile]} />;
  return (
    <Stack gap="lg">
      <PictureCard profile={profile.data} />
      <DetailsCard profile={profile.data} />
      <PasswordCard />
    </Stack>
  );
}

function PictureCard({ profile }: { profile: Profile }) {
  const upload = useUpdateProfilePicture();
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > PROFILE_PICTURE_MAX_BYTES)
      return setProblem('That picture is bigger than 2 MB. Please pick a smaller one.');
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => showToast({ type: 'positive', message: 'Your picture is saved.' }),
      onError: (error) => setProblem(error.message),
    });
  };
  const initials = `${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="picture-heading">
      <Group gap="lg" wrap="wrap">
        <Avatar src={profile.profile_pic_url} size={88} radius="xl" color="blue" alt="">
          {initials}
        </Avatar>
        <Stack gap="xs">
          <Title order={2} size="h4" id="picture-heading">
            Your picture
          </Title>
          <FileButton onChange={choose} accept={PROFILE_PICTURE_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                loading={upload.isPending}
                leftSection={<IconCamera size={18} aria-hidden />}
              >
                Choose a picture
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            PNG, JPEG, WebP or GIF, up to 2 MB.
          </Text>
          {problem && (
            <Text size="sm" c="red.9" role="alert">
              {problem}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function DetailsCard({ profile }: { profile: Profile }) {
  const save = useUpdateProfile();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email ?? '',
      current_password: '',
    },
    validate: schemaResolver(DetailsSchema, { sync: true }),
  });
  // Password reset links go to a staff email, so the server asks for the password to change it.
  const isStaff = profile.login_role !== 'student';
  const submit = form.onSubmit(({ current_password, ...values }) =>
    save.mutate(
      {
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email || null,
        ...(isStaff && values.email !== (profile.email ?? '') ? { current_password } : {}),
      },
      {
        onSuccess: () => {
          form.setFieldValue('current_password', '');
          showToast({ type: 'positive', message: 'Your details are saved.' });
        },
        onError: (error) => form.setErrors(fieldErrorsOf(error)),
      },
    ),
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="details-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="details-heading">
            Your details
          </Title>
          <Text size="sm" c="dimmed">
            Username: {profile.username}
          </Text>
          <Group grow wrap="wrap">
            <TextInput
              label="First name"
              autoComplete="given-name"
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              key={form.key('last_name')}
              {...form.getInputProps('last_name')}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description={
              profile.login_role === 'student'
                ? 'Optional: for messages to the help team.'
                : 'Password reset links are sent here.'
            }
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          {isStaff && (
            <PasswordInput
              label="Current password"
              description="Needed only to change your email."
              autoComplete="current-password"
              key={form.key('current_password')}
              {...form.getInputProps('current_password')}
            />
          )}
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            Save my details
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordCard() {
  const save = useUpdateProfile();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', new_password: '', confirm_new_password: '' },
    validate: schemaResolver(PasswordSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        form.reset();
        showToast({
          type: 'positive',
          message: 'Your password is changed. Other devices will ask you to sign in again.',
        });
      },
      onError: (error) => form.setErrors(fieldErrorsOf(error)),
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="password-heading">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="password-heading">
            Change your password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters."
            autoComplete="new-password"
            key={form.key('new_password')}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            key={form.key('confirm_new_password')}
            {...form.getInputProps('confirm_new_password')}
          />
          {save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 && (
            <Text c="red.9" role="alert">
              {save.error.message}
            </Text>
          )}
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

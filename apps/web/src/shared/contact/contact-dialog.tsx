import { Button, FileInput, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconPhoto } from '@tabler/icons-react';
import { PROFILE_PICTURE_TYPES } from '@readalong/contracts';
import { Dialog } from '@/components/dialog';
import { useFocusOnShow } from '@/components/use-focus-on-show';
import { contactProblems, sendProblems, useSendMessage, type ContactValues } from './send-message';

interface ContactDialogProps {
  /** Signed in, the account answers for name, email and account name unless the writer gives others. */
  isSignedIn: boolean;
  onClose: () => void;
}

const EMPTY: ContactValues = { name: '', email: '', ailearn_account: '', message: '', file: null };

/**
 * “Contact us” (docs/rules.md C43): a message to support with an optional screenshot, from the sign-in page or the
 * account menu. Every field's problem shows under it, found first by the contract's own rules and the screenshot's
 * type and size, then as the server names it; once sent, the dialog says so and where the answer will go.
 */
export default function ContactDialog({ isSignedIn, onClose }: ContactDialogProps) {
  const send = useSendMessage(isSignedIn);
  const form = useForm<ContactValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: (values) => contactProblems(values, isSignedIn),
  });
  const sentRef = useFocusOnShow<HTMLDivElement>(send.isSuccess);
  // The keyboard goes to the first field with a problem, the one its message is under.
  const focusFirst = (problems: Record<string, unknown>) => {
    const [first] = Object.keys(problems);
    if (first) form.getInputNode(first)?.focus();
  };
  const submit = form.onSubmit(
    (values) =>
      send.mutate(values, {
        onError: (error) => {
          form.setErrors(sendProblems(error));
          focusFirst(sendProblems(error));
        },
      }),
    focusFirst,
  );
  const repliesTo = send.variables?.email.trim();

  return (
    <Dialog opened onClose={onClose} title="Contact us" size="lg">
      {send.isSuccess ? (
        <Stack gap="md" ref={sentRef} role="status">
          <Group gap="sm" wrap="nowrap">
            <IconCircleCheck size={32} color="var(--mantine-color-green-8)" aria-hidden />
            <Title order={3} size="h4">
              Message sent
            </Title>
          </Group>
          <Text>Thank you: your message is with our support team.</Text>
          <Text>
            {repliesTo
              ? `We will answer at ${repliesTo}, usually within two school days.`
              : 'We will answer at your account’s email address, usually within two school days.'}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Tell us what happened or what you need. A screenshot helps us see it.
            </Text>
            <TextInput
              label="Your name"
              autoComplete="name"
              required={!isSignedIn}
              description={isSignedIn ? 'Leave empty to use the name on your account.' : undefined}
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Your email"
              type="email"
              autoComplete="email"
              required={!isSignedIn}
              description={
                isSignedIn ? 'Leave empty to be answered at your account’s email.' : 'We answer you here.'
              }
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            {!isSignedIn && (
              <TextInput
                label="Your ReadAlong username"
                description="If you have an account: it helps us find it."
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                key={form.key('ailearn_account')}
                {...form.getInputProps('ailearn_account')}
              />
            )}
            <Textarea
              label="Message"
              required
              rows={5}
              key={form.key('message')}
              {...form.getInputProps('message')}
            />
            <FileInput
              label="Screenshot"
              description="Optional: PNG, JPEG, WebP or GIF, up to 5 MB."
              placeholder="Choose a picture"
              accept={PROFILE_PICTURE_TYPES.join(',')}
              clearable
              leftSection={<IconPhoto size={18} aria-hidden />}
              key={form.key('file')}
              {...form.getInputProps('file')}
            />
            {send.isError && Object.keys(sendProblems(send.error)).length === 0 && (
              <Text c="red.9" role="alert">
                {send.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={send.isPending}>
                Send message
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/**
 * Signs the user out on every device, this one too (docs/rules.md C32, S21), after a confirmation: for a sign-in
 * left open on a shared computer. Staff find it on their account page, students on their settings page.
 */
export function SignOutEverywhere() {
  const [isConfirming, setConfirming] = useState(false);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="sign-out-everywhere-heading"
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="sign-out-everywhere-heading">
          Sign out everywhere
        </Title>
        <Text>
          Signs you out on every device, this one too: use it if you signed in on a shared computer.
        </Text>
        <Button
          variant="default"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Sign out everywhere…
        </Button>
      </Stack>
      {isConfirming && <ConfirmSignOut onClose={() => setConfirming(false)} />}
    </Card>
  );
}

function ConfirmSignOut({ onClose }: { onClose: () => void }) {
  const signOut = useSignOutEverywhere();
  return (
    <Dialog opened onClose={onClose} title="Sign out on every device?">
      <Stack gap="md">
        <Text>You will need your username and password to sign in again, here and everywhere else.</Text>
        {signOut.error && (
          <Text c="red.8" role="alert">
            You are still signed in: {signOut.error.message}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign out everywhere
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

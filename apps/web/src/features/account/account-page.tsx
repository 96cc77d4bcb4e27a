import { Stack, Text } from '@mantine/core';
import { ProfileSection } from '@/shared/account/components/profile-section';
import { SignOutEverywhere } from '@/shared/account/components/sign-out-everywhere';

/**
 * A staff member's own account (docs/rules.md C31): picture, name, email (changed with the current password) and
 * password, and signing out on every device (C32). The student's settings page holds the same sections.
 */
export function AccountPage() {
  return (
    <Stack gap="lg" maw={720}>
      <Text size="lg">
        Changing your password signs you out on every other device: do it if you think someone else may know
        it.
      </Text>
      <ProfileSection />
      <SignOutEverywhere />
    </Stack>
  );
}

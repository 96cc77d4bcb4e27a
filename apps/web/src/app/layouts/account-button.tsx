import { Avatar, Button, Text, type ButtonProps } from '@mantine/core';
import type { SessionUser } from '@readalong/contracts';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

export const fullName = (user: SessionUser) => `${user.first_name} ${user.last_name}`;

type AccountButtonProps = ButtonProps & ComponentPropsWithRef<'button'> & { user: SessionUser };

/** The header's button that opens the account menu: the user's first name beside an avatar. */
export function AccountButton({ user, ...props }: AccountButtonProps) {
  return (
    <Button
      variant="subtle"
      color="dark"
      px="xs"
      aria-label={`Account menu, ${fullName(user)}`}
      // X1: no initials in the avatar; visible text the button's name does not contain fails WCAG 2.5.3.
      leftSection={<Avatar color="indigo" size={34} aria-hidden />}
      rightSection={<IconChevronDown size={18} aria-hidden />}
      {...props}
    >
      <Text span fw={600} visibleFrom="sm">
        {user.first_name}
      </Text>
    </Button>
  );
}

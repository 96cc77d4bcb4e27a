import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconKey, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { StaffMember } from '../api/staff';
import { AccountStatusDialog } from './account-status';
import { EditAccountDialog } from './edit-account';
import { SendPasswordLinkDialog } from './reset-password';

type OpenDialog = 'edit' | 'password' | 'status' | null;

/**
 * What an owner or department head can do to another member of staff (docs/rules.md C32, M10): edit the account,
 * email them a set-password link, disable or enable it. Never offered on the caller's own row.
 */
export function StaffActions({ member }: { member: StaffMember }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const name = `${member.first_name} ${member.last_name}`;
  const label = `${name} (${member.username})`;
  return (
    <>
      <Menu position="bottom-end" width={260}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={`Actions for ${name}`}>
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setDialog('edit')}>
            Edit…
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={18} aria-hidden />} onClick={() => setDialog('password')}>
            Send a set-password link…
          </Menu.Item>
          <Menu.Item
            leftSection={
              member.disabled ? (
                <IconUserCheck size={18} aria-hidden />
              ) : (
                <IconUserOff size={18} aria-hidden />
              )
            }
            onClick={() => setDialog('status')}
          >
            {member.disabled ? 'Enable…' : 'Disable…'}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* Mounted only while open, as a student's are. */}
      {dialog === 'edit' && <EditAccountDialog account={member} onClose={close} />}
      {dialog === 'password' && (
        <SendPasswordLinkDialog member={{ id: member.id, label, email: member.email }} onClose={close} />
      )}
      {dialog === 'status' && (
        <AccountStatusDialog
          account={{ id: member.id, name, label, isDisabled: member.disabled, isStudent: false }}
          onClose={close}
        />
      )}
    </>
  );
}

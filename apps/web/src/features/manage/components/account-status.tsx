import { Badge } from '@mantine/core';
import { showToast } from '@/lib/toasts';
import { useUpdateAccount } from '../api/accounts';
import { ConfirmModal } from './confirm-modal';

export interface AccountToSwitch {
  id: number;
  /** "Mia Lopez (mia.lopez)": who is disabled or enabled, by name. */
  label: string;
  name: string;
  isDisabled: boolean;
  isStudent: boolean;
}

/** What disabling or enabling does to the account, in a sentence (M10, LP2, LP3). */
function consequence({ isDisabled, isStudent }: AccountToSwitch): string {
  if (isDisabled) {
    return isStudent
      ? 'They can sign in again with their password. The account takes a licence seat again.'
      : 'They can sign in again with their password.';
  }
  const kept = isStudent
    ? 'Their reading and recordings stay, and their licence seat is freed.'
    : 'Their classes and students stay.';
  return `They are signed out on every device and cannot sign in until the account is enabled again. ${kept}`;
}

/**
 * Disables or enables another account after a confirmation naming it (docs/rules.md C32, M10). Enabling a student
 * past the free seats is refused: the server's seats-left message shows in the dialog.
 */
export function AccountStatusDialog({ account, onClose }: { account: AccountToSwitch; onClose: () => void }) {
  const update = useUpdateAccount();
  const verb = account.isDisabled ? 'Enable' : 'Disable';
  const confirm = () =>
    update.mutate(
      { userId: account.id, changes: { disabled: !account.isDisabled } },
      {
        onSuccess: () => {
          const now = account.isDisabled ? 'can sign in again' : 'can no longer sign in';
          showToast({ type: 'positive', message: `${account.name} ${now}.` });
          onClose();
        },
      },
    );
  return (
    <ConfirmModal
      opened
      title={`${verb} this account?`}
      names={[account.label]}
      confirmLabel={`${verb} the account`}
      confirmColor={account.isDisabled ? 'indigo' : 'red'}
      onConfirm={confirm}
      onClose={onClose}
      isPending={update.isPending}
      error={update.error}
    >
      {consequence(account)}
    </ConfirmModal>
  );
}

/** Marks a disabled account in a list, in words rather than colour alone. */
export function DisabledBadge() {
  return (
    <Badge color="gray" variant="outline" tt="none">
      Disabled
    </Badge>
  );
}

import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { showToast } from '@/lib/toasts';
import { useDeleteUsers } from '../api/staff';
import { ConfirmModal } from './confirm-modal';

interface DeleteAccountsProps {
  /** The ticked accounts: their ids and how each is named in the confirmation. */
  chosen: readonly { id: number; label: string }[];
  title: string;
  /** What deleting them means, in a sentence. */
  children: ReactNode;
  onDone: () => void;
}

const accounts = (count: number) => (count === 1 ? '1 account' : `${count} accounts`);

/** Deletes the ticked accounts, all or none, after a confirmation naming each (owners and department heads). */
export function DeleteAccounts({ chosen, title, children, onDone }: DeleteAccountsProps) {
  const [isConfirming, setConfirming] = useState(false);
  const remove = useDeleteUsers();
  const confirm = () =>
    remove.mutate(
      chosen.map((account) => account.id),
      {
        onSuccess: ({ deleted }) => {
          showToast({ type: 'positive', message: `${accounts(deleted)} deleted.` });
          setConfirming(false);
          onDone();
        },
      },
    );
  return (
    <>
      <Button
        variant="light"
        color="red"
        disabled={chosen.length === 0}
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        Delete{chosen.length > 0 && ` (${chosen.length})`}
      </Button>
      <ConfirmModal
        opened={isConfirming}
        title={title}
        names={chosen.map((account) => account.label)}
        confirmLabel={`Delete ${accounts(chosen.length)}`}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
        isPending={remove.isPending}
        error={remove.error}
      >
        {children}
      </ConfirmModal>
    </>
  );
}

import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { CreatedUser } from '@readalong/contracts';
import type { z } from 'zod';
import { useFocusOnShow } from '@/components/use-focus-on-show';

export type CreatedAccount = z.infer<typeof CreatedUser>;

/**
 * The accounts just made, with each first password the server generated: shown once, so the teacher can hand
 * them out before leaving this screen.
 */
export function CreatedAccounts({ accounts, onDone }: { accounts: CreatedAccount[]; onDone: () => void }) {
  const headingRef = useFocusOnShow<HTMLDivElement>(true);
  return (
    <Paper withBorder radius="md" p="lg" ref={headingRef}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {accounts.length === 1 ? '1 account created' : `${accounts.length} accounts created`}
        </Title>
        <Text>Write down the passwords now: they are not shown again.</Text>
        <Table className="fit-phone">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Username</Table.Th>
              <Table.Th>Password</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.user_id}>
                <Table.Td>
                  {account.first_name} {account.last_name}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{account.username}</Table.Td>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {account.initial_password ?? 'as you chose'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Button variant="default" onClick={onDone} style={{ alignSelf: 'flex-start' }}>
          Done
        </Button>
      </Stack>
    </Paper>
  );
}

import {
  Button,
  Checkbox,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch, IconUserCog, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Loaded } from '@/components/loaded';
import { ROLE_LABELS } from '@/config/role-labels';
import { useAuth } from '@/lib/auth-store';
import { useClassList } from './api/classes';
import { useSchoolScope } from '@/shared/school-scope/school-scope';
import { useStaff, type StaffMember } from './api/staff';
import { DisabledBadge } from './components/account-status';
import { DeleteAccounts } from './components/delete-accounts';
import { NewStaffForm } from './components/new-staff-form';
import { StaffActions } from './components/staff-actions';
import { useSelection } from './components/use-selection';
import { plural } from '@/lib/plural';

const fullName = (member: StaffMember) => `${member.first_name} ${member.last_name}`;

/**
 * The staff of the school in scope (docs/rules.md C30) with the classes each teaches. Owners and department heads
 * create accounts and delete them, and edit, disable or send a set-password link to each (C32); never to their own,
 * which they change on their account page. Teachers see the list.
 */
export function StaffPage() {
  const { userRole, user } = useAuth();
  const scope = useSchoolScope();
  const staff = useStaff(scope);
  const classes = useClassList(scope);
  const [search, setSearch] = useState('');
  const [isCreating, setCreating] = useState(false);
  const isAdmin = userRole === 'owner' || userRole === 'department_head';
  const wanted = search.trim().toLowerCase();
  const shown = (staff.data ?? []).filter((member) =>
    `${fullName(member)} ${member.username} ${member.email ?? ''}`.toLowerCase().includes(wanted),
  );
  // Never the caller's own account (the server refuses it too).
  const deletable = shown.filter((member) => member.id !== user?.user_id);
  const selection = useSelection(deletable.map((member) => member.id));
  const classNames = (member: StaffMember) =>
    member.class_ids
      .map((id) => classes.data?.find((klass) => klass.id === id)?.name)
      .filter(Boolean)
      .join(', ') || '–';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Find a staff member"
          placeholder="Name, username or email"
          leftSection={<IconSearch size={18} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {isAdmin && (
          <Group gap="sm" wrap="wrap">
            <DeleteAccounts
              chosen={deletable
                .filter((member) => selection.isTicked(member.id))
                .map((member) => ({ id: member.id, label: `${fullName(member)} (${member.username})` }))}
              title="Delete these staff accounts?"
              onDone={selection.clear}
            >
              They can no longer sign in and stop teaching their classes. Their classes and students stay.
            </DeleteAccounts>
            {!isCreating && (
              <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
                New staff member
              </Button>
            )}
          </Group>
        )}
      </Group>
      {isCreating && (
        <NewStaffForm
          scope={scope}
          choosesSchool={userRole === 'department_head'}
          onDone={() => setCreating(false)}
        />
      )}
      <Loaded query={staff} loadingLabel="Loading the staff" errorTitle="The staff could not be loaded">
        {(all) =>
          all.length === 0 ? (
            <EmptyState icon={<IconUserCog aria-hidden />}>
              <EmptyState.Title order={2}>No staff yet</EmptyState.Title>
            </EmptyState>
          ) : (
            <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }}>
              {/* X5: on a phone the role and classes go under the name, so nothing scrolls sideways. */}
              <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover className="fit-phone">
                <Table.Caption>{plural(shown.length, 'staff member', 'staff members')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {isAdmin && (
                      <Table.Th w={44}>
                        <Checkbox
                          aria-label="Choose every staff member shown"
                          checked={selection.allTicked}
                          indeterminate={selection.selected.length > 0 && !selection.allTicked}
                          onChange={selection.toggleAll}
                        />
                      </Table.Th>
                    )}
                    <Table.Th>Name</Table.Th>
                    <Table.Th visibleFrom="sm">Role</Table.Th>
                    <Table.Th visibleFrom="sm">Classes</Table.Th>
                    <Table.Th visibleFrom="md">Email</Table.Th>
                    {isAdmin && (
                      <Table.Th w={64}>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((member) => (
                    <Table.Tr key={member.id}>
                      {isAdmin && (
                        <Table.Td>
                          {member.id !== user?.user_id && (
                            <Checkbox
                              aria-label={`Choose ${fullName(member)}`}
                              checked={selection.isTicked(member.id)}
                              onChange={() => selection.toggle(member.id)}
                            />
                          )}
                        </Table.Td>
                      )}
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Group gap={6} wrap="wrap">
                          <Text fw={600} inherit>
                            {fullName(member)}
                          </Text>
                          {member.disabled && <DisabledBadge />}
                        </Group>
                        <Text size="sm">{member.username}</Text>
                        <Text size="sm" hiddenFrom="sm">
                          {ROLE_LABELS[member.login_role]} · {classNames(member)}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{ROLE_LABELS[member.login_role]}</Table.Td>
                      <Table.Td visibleFrom="sm">{classNames(member)}</Table.Td>
                      <Table.Td visibleFrom="md" style={{ overflowWrap: 'anywhere' }}>
                        {member.email ?? '–'}
                      </Table.Td>
                      {isAdmin && (
                        <Table.Td>{member.id !== user?.user_id && <StaffActions member={member} />}</Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </Loaded>
    </Stack>
  );
}

import { Checkbox, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { levelLabel } from '@/lib/levels';
import type { ManagedStudent } from '../api/students';
import { DisabledBadge } from './account-status';
import type { useSelection } from './use-selection';
import { formatDay } from '@/lib/dates';

interface StudentTableProps {
  students: readonly ManagedStudent[];
  caption: string;
  /** Ticks for an action on several students at once. */
  selection?: ReturnType<typeof useSelection>;
  /** What can be done to one student (a menu), in the last column. */
  actions?: (student: ManagedStudent) => ReactNode;
}

const lastActive = (iso: string | null) => (iso ? formatDay(iso) : 'Never');

/**
 * Students as a table. X5: on a phone the username and level go under the name and the last activity is left out,
 * so nothing scrolls sideways.
 */
export function StudentTable({ students, caption, selection, actions }: StudentTableProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }}>
      <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover className="fit-phone">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={44}>
                <Checkbox
                  aria-label="Choose every student shown"
                  checked={selection.allTicked}
                  indeterminate={selection.selected.length > 0 && !selection.allTicked}
                  onChange={selection.toggleAll}
                />
              </Table.Th>
            )}
            <Table.Th>Student</Table.Th>
            <Table.Th visibleFrom="sm">Username</Table.Th>
            <Table.Th visibleFrom="sm">Level</Table.Th>
            <Table.Th visibleFrom="md">Last active</Table.Th>
            {actions && (
              <Table.Th w={64}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => {
            const level = levelLabel(student.series, student.colour_band_id);
            return (
              <Table.Tr key={student.student_id}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Choose ${student.name}`}
                      checked={selection.isTicked(student.student_id)}
                      onChange={() => selection.toggle(student.student_id)}
                    />
                  </Table.Td>
                )}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={600} inherit>
                      {student.name}
                    </Text>
                    {/* C32: a disabled student cannot sign in and holds no licence seat. */}
                    {student.disabled && <DisabledBadge />}
                  </Group>
                  <Text size="sm" hiddenFrom="sm">
                    {student.username} · {level}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                  {student.username}
                </Table.Td>
                <Table.Td visibleFrom="sm">{level}</Table.Td>
                <Table.Td visibleFrom="md">{lastActive(student.last_active_at)}</Table.Td>
                {actions && <Table.Td>{actions(student)}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

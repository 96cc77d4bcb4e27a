import { Anchor, Button, EmptyState, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSchool, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Loaded } from '@/components/loaded';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';
import { useClassList, type ManagedClass } from './api/classes';
import { scopedHref, useSchoolScope, type SchoolScope } from '@/shared/school-scope/school-scope';
import { NewClassesForm } from './components/new-classes-form';
import { Seats } from './components/seats';

/**
 * The classes in the caller's scope (docs/rules.md C30): each with its teachers and how full it is, a way to create
 * one or several, and a link to each class's students.
 */
export function ClassesPage() {
  const { userRole } = useAuth();
  const scope = useSchoolScope();
  const classes = useClassList(scope);
  const [isCreating, setCreating] = useState(false);
  const [search, setSearch] = useState('');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Find a class"
          placeholder="Class or teacher name"
          leftSection={<IconSearch size={18} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {!isCreating && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            New classes
          </Button>
        )}
      </Group>
      {isCreating && (
        <NewClassesForm
          scope={scope}
          choosesSchool={userRole === 'department_head'}
          choosesTeachers={userRole !== 'teacher'}
          onDone={() => setCreating(false)}
        />
      )}
      <Loaded query={classes} loadingLabel="Loading the classes" errorTitle="The classes could not be loaded">
        {(list) => <ClassTable classes={matching(list, search)} isEmpty={list.length === 0} scope={scope} />}
      </Loaded>
    </Stack>
  );
}

/** Classes whose name or a teacher's name holds the search (the whole list is loaded: a school has tens). */
function matching(classes: ManagedClass[], search: string): ManagedClass[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return classes;
  return classes.filter((klass) =>
    [klass.name, ...klass.teachers.map((teacher) => teacher.name)].some((name) =>
      name.toLowerCase().includes(wanted),
    ),
  );
}

const teacherNames = (klass: ManagedClass) =>
  klass.teachers.map((teacher) => teacher.name).join(', ') || 'No teacher yet';

function ClassTable({
  classes,
  isEmpty,
  scope,
}: {
  classes: ManagedClass[];
  isEmpty: boolean;
  scope: SchoolScope;
}) {
  if (isEmpty) {
    return (
      <EmptyState icon={<IconSchool aria-hidden />}>
        <EmptyState.Title order={2}>No classes yet</EmptyState.Title>
        <EmptyState.Description>Create your first class with “New classes”.</EmptyState.Description>
      </EmptyState>
    );
  }
  if (classes.length === 0) return <Text>No class matches your search.</Text>;
  return (
    <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }}>
      {/* X5: on a phone the teachers go under the class name, so nothing scrolls sideways. */}
      <Table verticalSpacing="sm" horizontalSpacing={8} className="fit-phone">
        <Table.Caption>{classes.length === 1 ? '1 class' : `${classes.length} classes`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Class</Table.Th>
            <Table.Th visibleFrom="sm">Teachers</Table.Th>
            <Table.Th w={{ base: 120, sm: 180 }}>Students</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classes.map((klass) => (
            <Table.Tr key={klass.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={scopedHref(paths.manage.class.getHref(klass.id), scope)}
                  fw={600}
                >
                  {klass.name}
                </Anchor>
                <Text size="sm" hiddenFrom="sm">
                  {teacherNames(klass)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{teacherNames(klass)}</Table.Td>
              <Table.Td>
                <Seats used={klass.student_count} total={klass.num_students} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

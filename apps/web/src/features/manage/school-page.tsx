import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Loaded } from '@/components/loaded';
import { paths, withSchoolScope } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';
import { useManagedSchools } from './api/school';
import { useSchoolScope } from '@/shared/school-scope/school-scope';
import { Licences } from './components/licences';

type School = NonNullable<ReturnType<typeof useManagedSchools>['data']>[number];

/**
 * The school's details and licences (docs/rules.md C30). An owner sees their school; a department head sees the
 * district's schools, and one school's licences once it is chosen.
 */
export function SchoolPage() {
  const { userRole } = useAuth();
  // Teachers may open the area but not the school's calls (owners and department heads only).
  if (userRole === 'teacher') return <Text>Your school’s owner manages its details and licences.</Text>;
  return <SchoolDetails isDistrictHead={userRole === 'department_head'} />;
}

function SchoolDetails({ isDistrictHead }: { isDistrictHead: boolean }) {
  const scope = useSchoolScope();
  const schools = useManagedSchools();
  const isDistrictWide = isDistrictHead && scope.school_id === undefined;
  return (
    <Stack gap="xl">
      <Loaded query={schools} loadingLabel="Loading the school" errorTitle="The school could not be loaded">
        {(list) => {
          if (isDistrictWide) return <DistrictSchools schools={list} />;
          const school = list.find((candidate) => candidate.id === scope.school_id) ?? list[0];
          return school ? <SchoolFigures school={school} /> : <Text>No school found.</Text>;
        }}
      </Loaded>
      {!isDistrictWide && <Licences scope={scope} />}
    </Stack>
  );
}

function SchoolFigures({ school }: { school: School }) {
  const figures = [
    { label: 'Students', value: school.student_count },
    { label: 'Teachers', value: school.teacher_count },
    { label: 'Classes', value: school.class_count },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="school-heading">
      <Title order={2} size="h3" id="school-heading">
        {school.name}
      </Title>
      <SimpleGrid cols={3} spacing="sm" maw={520}>
        {figures.map((figure) => (
          <Paper key={figure.label} withBorder radius="md" p="md">
            <Text size="xl" fw={700}>
              {figure.value}
            </Text>
            <Text size="sm">{figure.label}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function DistrictSchools({ schools }: { schools: School[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="schools-heading">
      <Title order={2} size="h3" id="schools-heading">
        Your district’s schools
      </Title>
      <Text>Open a school to see its licences.</Text>
      <Paper withBorder radius="lg" p={{ base: 4, sm: 'md' }}>
        <Table verticalSpacing="sm" horizontalSpacing={8} className="fit-phone">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>School</Table.Th>
              <Table.Th>Students</Table.Th>
              <Table.Th visibleFrom="sm">Teachers</Table.Th>
              <Table.Th visibleFrom="sm">Classes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schools.map((school) => (
              <Table.Tr key={school.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor
                    component={Link}
                    to={withSchoolScope(paths.manage.school.getHref(), String(school.id))}
                  >
                    {school.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{school.student_count}</Table.Td>
                <Table.Td visibleFrom="sm">{school.teacher_count}</Table.Td>
                <Table.Td visibleFrom="sm">{school.class_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

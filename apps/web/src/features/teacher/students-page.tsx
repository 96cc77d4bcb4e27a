import { Button, EmptyState } from '@mantine/core';
import { IconReportAnalytics, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { StudentsOverview } from './students/components/students-overview';

/**
 * The students overview of the teacher area (docs/rules.md C26, C34): the teacher's home, every student of their
 * classes. For one student a frame for now: it says what will appear here.
 */
export function TeacherStudentsPage() {
  const { studentId } = useParams();
  if (studentId === undefined) return <StudentsOverview />;
  return (
    <EmptyState icon={<IconUsers aria-hidden />}>
      <EmptyState.Title order={2}>No reading yet</EmptyState.Title>
      <EmptyState.Description>
        This student’s latest reading, recordings and alerts will appear here.
      </EmptyState.Description>
      <EmptyState.Actions>
        <Button
          component={Link}
          to={paths.teacher.studentReport.getHref(studentId)}
          variant="light"
          leftSection={<IconReportAnalytics aria-hidden />}
        >
          Open the report
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { StudentNotFound, studentIdOf } from './student/student-id';
import { StudentsOverview } from './students/components/students-overview';

// One student's page (goals, marking, actions, charts) loads only when opened: the teacher's home stays within its
// first-screen budget (docs/rules.md B2).
const StudentPage = lazy(async () => ({ default: (await import('./student/student-page')).StudentPage }));

/**
 * The students overview of the teacher area (docs/rules.md C26, C34): the teacher's home, every student of their
 * classes; with a student's id, that student's page (C35).
 */
export function TeacherStudentsPage() {
  const { studentId } = useParams();
  if (studentId === undefined) return <StudentsOverview />;
  const id = studentIdOf(studentId);
  if (id === null) return <StudentNotFound />;
  return (
    <Suspense fallback={<Loading label="Loading the student" />}>
      <StudentPage key={id} studentId={id} />
    </Suspense>
  );
}

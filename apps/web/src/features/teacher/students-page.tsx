import { useParams } from 'react-router';
import { StudentNotFound, studentIdOf } from './student/student-id';
import { StudentPage } from './student/student-page';
import { StudentsOverview } from './students/components/students-overview';

/**
 * The students overview of the teacher area (docs/rules.md C26, C34): the teacher's home, every student of their
 * classes; with a student's id, that student's page (C35).
 */
export function TeacherStudentsPage() {
  const { studentId } = useParams();
  if (studentId === undefined) return <StudentsOverview />;
  const id = studentIdOf(studentId);
  return id === null ? <StudentNotFound /> : <StudentPage key={id} studentId={id} />;
}

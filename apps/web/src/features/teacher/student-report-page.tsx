import { useParams } from 'react-router';
import { StudentReportView } from './student/student-report';
import { StudentNotFound, studentIdOf } from './student/student-id';

/** One student's printable report (docs/rules.md C27, C35). */
export function StudentReportPage() {
  const studentId = studentIdOf(useParams().studentId);
  return studentId === null ? <StudentNotFound /> : <StudentReportView studentId={studentId} />;
}

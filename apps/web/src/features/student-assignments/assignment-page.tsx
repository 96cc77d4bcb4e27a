import { useParams } from 'react-router';
import { AssignmentReadAloud } from '../read-aloud/read-aloud-routes';

/** The recording an assignment asks for (SPEC.md §2 “Student assignments”), sent to the teacher for review. */
export function AssignmentRecordingPage() {
  const worksheetId = Number(useParams().worksheetId);
  return <AssignmentReadAloud key={worksheetId} worksheetId={worksheetId} mode="assignment" />;
}

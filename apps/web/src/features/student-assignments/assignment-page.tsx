import { useParams } from 'react-router';
import { AssignmentReadAloud } from '@/shared/read-aloud/read-aloud-routes';

/** The recording an assignment asks for (the “Student assignments” area, docs/rules.md C26), sent to the teacher for review. */
export function AssignmentRecordingPage() {
  const worksheetId = Number(useParams().worksheetId);
  return <AssignmentReadAloud key={worksheetId} worksheetId={worksheetId} mode="assignment" />;
}

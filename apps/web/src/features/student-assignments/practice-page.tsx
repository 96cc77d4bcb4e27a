import { useParams } from 'react-router';
import { AssignmentReadAloud } from '@/shared/read-aloud/read-aloud-routes';

/** Read-aloud practice on an assigned book (the “Student assignments” area, docs/rules.md C26): heard back and counted, not sent. */
export function AssignmentPracticePage() {
  const worksheetId = Number(useParams().worksheetId);
  return <AssignmentReadAloud key={worksheetId} worksheetId={worksheetId} mode="practice" />;
}

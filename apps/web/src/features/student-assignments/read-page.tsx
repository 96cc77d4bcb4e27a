import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useWorksheetPassage } from '@/shared/passage/get-passage';
import { assignmentSteps } from '@/shared/passage/next-step';
import { PassageReader } from '@/shared/reader/book-reader';

/** `/student-assignments/power-builders/{worksheetId}/read`: the e-book of an assigned book, on its worksheet. */
function AssignmentReader({ worksheetId }: { worksheetId: number }) {
  const passage = useWorksheetPassage(worksheetId);
  // The worksheet was started when the student opened the assignment: reading counts for it, nothing is started.
  const known = useCallback(() => Promise.resolve(worksheetId), [worksheetId]);
  // Reading an assigned book aloud is recording it for the teacher: the assignment's recording page (C46).
  return (
    <PassageReader
      passage={passage}
      mode="read"
      steps={assignmentSteps(worksheetId)}
      aloudBeforeQuiz="read-aloud"
      worksheetId={known}
    />
  );
}

/** Reading an assigned book (the “Student assignments” area, docs/rules.md C26): the book reader, on the assignment's worksheet. */
export function AssignmentReadPage() {
  const worksheetId = Number(useParams().worksheetId);
  return <AssignmentReader key={worksheetId} worksheetId={worksheetId} />;
}

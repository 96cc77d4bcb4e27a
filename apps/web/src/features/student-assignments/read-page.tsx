import { useCallback } from 'react';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useWorksheetPassage } from '@/shared/passage/get-passage';
import { PassageReader } from '@/shared/reader/book-reader';

/** `/student-assignments/power-builders/{worksheetId}/read`: the e-book of an assigned book, on its worksheet. */
function AssignmentReader({ worksheetId }: { worksheetId: number }) {
  const passage = useWorksheetPassage(worksheetId);
  // The worksheet was started when the student opened the assignment: reading counts for it, nothing is started.
  const known = useCallback(() => Promise.resolve(worksheetId), [worksheetId]);
  // Reading an assigned book aloud is recording it for the teacher: the assignment's recording page, which no other
  // link reaches (practice stays with the library's books).
  const next = {
    quizHref: paths.studentAssignment.quiz.getHref(worksheetId),
    readAloudHref: paths.studentAssignment.assignment.getHref(worksheetId),
  };
  return <PassageReader passage={passage} mode="read" next={next} worksheetId={known} />;
}

/** Reading an assigned book (the “Student assignments” area, docs/rules.md C26): the book reader, on the assignment's worksheet. */
export function AssignmentReadPage() {
  const worksheetId = Number(useParams().worksheetId);
  return <AssignmentReader key={worksheetId} worksheetId={worksheetId} />;
}

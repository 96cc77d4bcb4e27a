import { useParams } from 'react-router';
import { BookReadAloud } from '@/shared/read-aloud/read-aloud-routes';

/** The reading assignment (docs/rules.md C26): a recording of the book sent to the teacher for review. */
export function BookAssignmentPage() {
  const bookId = Number(useParams().bookId);
  return <BookReadAloud key={bookId} bookId={bookId} mode="assignment" />;
}

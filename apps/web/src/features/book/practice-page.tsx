import { useParams } from 'react-router';
import { BookReadAloud } from '@/shared/read-aloud/read-aloud-routes';

/** Read-aloud practice (the “Power-builders area”, docs/rules.md C26): the takes are the student's own, heard back and counted. */
export function BookPracticePage() {
  const bookId = Number(useParams().bookId);
  return <BookReadAloud key={bookId} bookId={bookId} mode="practice" />;
}

import { useParams } from 'react-router';
import { BookReadAloud } from '@/shared/read-aloud/read-aloud-routes';

/** A demonstration of read-aloud practice for staff (docs/rules.md C26): the student's screen, with nothing recorded. */
export function DemoPracticePage() {
  const bookId = Number(useParams().bookId);
  return <BookReadAloud key={bookId} bookId={bookId} mode="demo" />;
}

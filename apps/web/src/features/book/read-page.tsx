import { useParams } from 'react-router';
import { BookReader } from '@/shared/reader/book-reader';

/** E-book reading (the “Power-builders area”, docs/rules.md C26): a student's reading is started and recorded page by page. */
export function BookReadPage() {
  const { bookId = '' } = useParams();
  return <BookReader key={bookId} bookId={bookId} mode="read" />;
}

import { useParams } from 'react-router';
import { BookReader } from '@/shared/reader/book-reader';

/** A demonstration of reading a book (docs/rules.md C26): the same reader, but nothing is started or recorded. */
export function DemoReadPage() {
  const { bookId = '' } = useParams();
  return <BookReader key={bookId} bookId={bookId} mode="demo" />;
}

import { PROGRESSION } from '@readalong/contracts';
import type { BookPerformance } from '../api/get-book-performance';
import { ChartFigure, PercentBars } from '@/components/chart-figure';
import { friendlyDay } from './dates';

/** The quiz score of each book finished in the range, against the pass mark. */
export function BookScoresChart({ books }: { books: readonly BookPerformance[] }) {
  const scored = books
    .filter((book): book is BookPerformance & { score_percent: number } => book.score_percent !== null)
    // Oldest at the top, so the list reads like a diary.
    .toReversed();
  const passed = scored.filter((book) => book.score_percent >= PROGRESSION.passPercent).length;
  const average = scored.length
    ? Math.round(scored.reduce((sum, book) => sum + book.score_percent, 0) / scored.length)
    : null;
  const summary =
    average === null
      ? 'No quiz scores in this time yet. Finish a book and its quiz to see your score here.'
      : `${scored.length === 1 ? '1 quiz' : `${scored.length} quizzes`}, average score ${average}%. ` +
        `You passed ${passed} of ${scored.length} (${PROGRESSION.passPercent}% or more).`;

  return (
    <ChartFigure
      id="book-scores"
      title="Your quiz scores"
      summary={summary}
      table={{
        columns: ['Book', 'Finished', 'Quiz score'],
        rows: scored.map((book) => [
          book.title,
          book.completed_at ? friendlyDay(book.completed_at) : '',
          `${Math.round(book.score_percent)}%`,
        ]),
      }}
    >
      {scored.length > 0 && (
        <PercentBars
          data={scored.map((book) => ({ title: book.title, score: Math.round(book.score_percent) }))}
          nameKey="title"
          valueKey="score"
          goodFrom={PROGRESSION.passPercent}
          goodColour="green.8"
          referenceLines={[{ value: PROGRESSION.passPercent, color: 'green.9', label: 'Pass' }]}
        />
      )}
    </ChartFigure>
  );
}

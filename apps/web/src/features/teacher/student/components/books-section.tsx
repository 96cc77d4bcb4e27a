import { Button, Group, Progress, Text } from '@mantine/core';
import { PROGRESSION } from '@readalong/contracts';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { levelLabel } from '@/lib/levels';
import { formatRate } from '@/shared/read-aloud/fluency-format';
import type { ReportBook } from '../api/student-report';
import classes from '../student-report.module.css';
import { QuizDetailsDialog } from './quiz-details';
import { dayOf, FiguresTable, ReportSection } from './report-parts';

/** A score with a bar to the pass mark's scale beside it, so a glance down the column compares them. */
function ScoreCell({ percent }: { percent: number | null }) {
  if (percent === null) return <Text size="sm">to mark</Text>;
  const passed = percent >= PROGRESSION.passPercent;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Text size="sm">{Math.round(percent)}%</Text>
      <Progress
        value={percent}
        w={48}
        size="sm"
        color={passed ? 'green.8' : 'indigo.6'}
        aria-hidden
        className={classes.wideOnly}
      />
    </Group>
  );
}

/**
 * The power builders whose quiz the student handed in over the period, newest first, with the score, the level of
 * the book and its read-aloud speed; each quiz opens question by question.
 */
export function BooksSection({
  books,
  period,
  limit,
}: {
  books: readonly ReportBook[];
  period: string;
  /** Only the newest this many (the student's page); the report lists them all. */
  limit?: number;
}) {
  const [open, setOpen] = useState<ReportBook | null>(null);
  const scored = books.filter((book) => book.score_percent !== null);
  const passed = scored.filter((book) => book.score_percent! >= PROGRESSION.passPercent).length;
  const average = scored.length
    ? Math.round(scored.reduce((sum, book) => sum + book.score_percent!, 0) / scored.length)
    : null;
  const shown = limit === undefined ? books : books.slice(0, limit);
  const summary =
    books.length === 0
      ? `${period}: no quizzes handed in.`
      : `${period}: ${books.length === 1 ? '1 quiz' : `${books.length} quizzes`}` +
        (average === null
          ? '.'
          : `, average ${average}%, ${passed} of ${scored.length} passed (${PROGRESSION.passPercent}% or more).`) +
        (shown.length < books.length ? ` The newest ${shown.length} are below.` : '');
  return (
    <ReportSection id="books" title="Books and quiz scores" summary={summary}>
      {shown.length > 0 && (
        <FiguresTable
          caption="Each quiz"
          columns={['Finished', 'Book', 'Level', 'Lexile', 'Score', 'WCPM', 'Quiz']}
          numeric={[3, 4, 5]}
          screenOnly={[6]}
          wideOnly={[2, 3, 5]}
          rows={shown.map((book) => [
            book.completed_at ? dayOf(book.completed_at) : '–',
            book.title,
            levelLabel(book.series_id, book.colour_band_id),
            `${book.lexile}L`,
            <ScoreCell key="score" percent={book.score_percent} />,
            formatRate(book.wcpm),
            <Button
              key="details"
              size="compact-sm"
              variant="subtle"
              leftSection={<IconListDetails size={16} aria-hidden />}
              aria-label={`Question details of ${book.title}`}
              onClick={() => setOpen(book)}
            >
              <span className={classes.wideOnly}>Details</span>
            </Button>,
          ])}
        />
      )}
      {open && <QuizDetailsDialog book={open} onClose={() => setOpen(null)} />}
    </ReportSection>
  );
}

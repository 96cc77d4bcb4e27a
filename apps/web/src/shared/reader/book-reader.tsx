import { Alert, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { Loading } from '@/components/loading';
import { QueriesError } from '@/components/load-error';
import { IconArrowLeft, IconArrowRight, IconBooks, IconListCheck, IconMicrophone } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Passage } from '@readalong/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-store';
import { useReadingSettings } from '@/lib/reading-settings';
import { usePassage } from '@/shared/passage/get-passage';
import {
  libraryBookSteps,
  NEXT_STEP_LABELS,
  nextStepOf,
  type NextStep,
  type StepLinks,
} from '@/shared/passage/next-step';
import { BackgroundMusic } from './background-music';
import { PageView } from './page-view';
import { useClassTranslationLanguage } from './page-translation';
import classes from './reader.module.css';
import { useReadingProgress } from './use-reading-progress';

export type ReaderMode = 'read' | 'demo';

interface BookReaderProps {
  bookId: string;
  /** `demo`: staff see the book as a student would; nothing is started or recorded. */
  mode: ReaderMode;
}

interface PassageReaderProps {
  passage: UseQueryResult<Passage>;
  mode: ReaderMode;
  /** Where the last page leads (C46): the quiz, the recording for the teacher, or the next book. */
  steps: StepLinks;
  /**
   * Beside the quiz, a read-aloud student may read aloud first: a library book's practice (heard back, never sent),
   * an assignment's recording for the teacher.
   */
  aloudBeforeQuiz: 'practice' | 'read-aloud';
  /** The worksheet the reading counts for (an assignment's); without it the book's worksheet is started. */
  worksheetId?: () => Promise<number>;
}

/** Keys typed into a field are the field's; arrows there move the caret, not the page. */
const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** `/power-builders/{bookId}/read` and `demo-read`: the e-book of a library book. */
export function BookReader({ bookId, mode }: BookReaderProps) {
  const passage = usePassage(Number(bookId));
  const library = libraryBookSteps(bookId);
  const steps = mode === 'demo' ? { ...library, quiz: paths.book.demoQuiz.getHref(bookId) } : library;
  return <PassageReader passage={passage} mode={mode} steps={steps} aloudBeforeQuiz="practice" />;
}

const STEP_ICONS: Record<NextStep, typeof IconListCheck> = {
  read: IconArrowRight,
  quiz: IconListCheck,
  'read-aloud': IconMicrophone,
  finished: IconBooks,
};

/**
 * The e-book of a passage however it was loaded (a library book or an assignment's worksheet). A failed refresh
 * (narration polling) keeps the book on screen: only a first load that fails shows the error.
 */
export function PassageReader({ passage, ...props }: PassageReaderProps) {
  if (passage.isPending) return <Loading label="Opening your book" />;
  if (passage.data === undefined) {
    return <QueriesError title="This book could not be opened" queries={[passage]} />;
  }
  return <Reader book={passage.data} {...props} />;
}

/** One page at a time, with narration, word highlighting and the reader's own settings. */
function Reader({
  book,
  mode,
  steps,
  aloudBeforeQuiz,
  worksheetId,
}: Omit<PassageReaderProps, 'passage'> & { book: Passage }) {
  const { userRole, user } = useAuth();
  const [settings] = useReadingSettings();
  const [pageIndex, setPageIndex] = useState(0);
  const [direction, setDirection] = useState<'forward' | 'back' | null>(null);
  const [speaking, setSpeaking] = useState(false);
  const [wordButtons, setWordButtons] = useState(false);
  const translateTo = useClassTranslationLanguage(userRole === 'student');

  const pages = book.pages;
  const pageCount = pages.length;
  const page = pages[Math.min(pageIndex, Math.max(pageCount - 1, 0))];
  const isLast = pageCount > 0 && pageIndex >= pageCount - 1;
  const isStudentReading = mode === 'read' && userRole === 'student';
  // C46: on the last page every page is read, so the way on is the quiz, the recording or the next book. Staff
  // previewing see the quiz, as a child who has not taken it would.
  const step: NextStep = isStudentReading
    ? nextStepOf({ ...book, pages_completed: Math.max(book.pages_completed, book.num_pages) })
    : 'quiz';
  const StepIcon = STEP_ICONS[step];
  const aloud =
    // An assignment's recording is for the teacher who may have asked for it, whatever the child's own setting.
    step === 'quiz' && isStudentReading && (user?.read_aloud_enabled || aloudBeforeQuiz === 'read-aloud')
      ? { label: 'Read it aloud', href: steps[aloudBeforeQuiz] }
      : step === 'read-aloud'
        ? { label: 'Practise first', href: steps.practice }
        : null;
  const wayOnLink = useRef<HTMLAnchorElement>(null);
  // X4: "Next" goes away on the last page; the keyboard lands on what comes next rather than on <body>.
  useEffect(() => {
    if (isLast && direction === 'forward' && document.activeElement === document.body)
      wayOnLink.current?.focus();
  }, [isLast, direction]);

  useReadingProgress({
    passageId: book.id,
    pageNum: page?.page_num,
    tracking: mode === 'read' && userRole === 'student',
    worksheetId,
  });

  const turn = useCallback(
    (step: 1 | -1) => {
      const next = Math.min(Math.max(pageIndex + step, 0), Math.max(pageCount - 1, 0));
      if (next === pageIndex) return;
      setDirection(step === 1 ? 'forward' : 'back');
      setPageIndex(next);
    },
    [pageIndex, pageCount],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === 'ArrowRight') turn(1);
      else if (event.key === 'ArrowLeft') turn(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [turn]);

  if (!page) {
    return (
      <Alert color="yellow" title="This book has no pages yet" variant="light">
        Please try another book.
      </Alert>
    );
  }

  const turnClass =
    settings.pageFlip && direction
      ? direction === 'forward'
        ? classes.turnForward
        : classes.turnBack
      : undefined;

  return (
    <Stack gap="md">
      {/* The switches and the page count beside the title, not on rows of their own (X6: a page fits 1280×800). */}
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={2}>{book.title}</Title>
          <Text c="dimmed" size="lg">
            by {book.author}
          </Text>
          {mode === 'demo' && (
            <Text size="sm" c="dimmed">
              Demonstration: nothing you do here is saved.
            </Text>
          )}
        </div>
        <Stack gap={6} align="flex-end">
          <Group gap="lg">
            <BackgroundMusic url={book.assets.music_url} quiet={speaking} />
            {/* A tap on a word always says it; this makes the words buttons for the keyboard (C36). */}
            {settings.narration && (
              <Switch
                size="md"
                label="Hear a word"
                checked={wordButtons}
                onChange={(event) => setWordButtons(event.currentTarget.checked)}
              />
            )}
          </Group>
          <Text size="lg" fw={600} aria-live="polite">
            Page {pageIndex + 1} of {pageCount}
          </Text>
        </Stack>
      </Group>
      <Card withBorder radius="lg" padding="lg" shadow="sm">
        <div key={page.page_num} className={turnClass}>
          <PageView
            page={page}
            settings={settings}
            narrationPending={book.assets.narration_pending}
            translateTo={translateTo}
            onSpeakingChange={setSpeaking}
            wordButtons={wordButtons}
          />
        </div>
      </Card>
      {isLast && (
        <Button
          ref={wayOnLink}
          component={Link}
          to={steps[step]}
          size="xl"
          radius="xl"
          color="green"
          fullWidth
          rightSection={<StepIcon size={28} aria-hidden />}
        >
          {NEXT_STEP_LABELS[step]}
        </Button>
      )}
      {isLast && aloud && (
        <Button
          component={Link}
          to={aloud.href}
          size="xl"
          radius="xl"
          variant="light"
          fullWidth
          rightSection={<IconMicrophone size={28} aria-hidden />}
        >
          {aloud.label}
        </Button>
      )}
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Button
          size="lg"
          variant="default"
          onClick={() => turn(-1)}
          disabled={pageIndex === 0}
          leftSection={<IconArrowLeft size={24} aria-hidden />}
        >
          Previous
        </Button>
        {!isLast && (
          <Button size="lg" onClick={() => turn(1)} rightSection={<IconArrowRight size={24} aria-hidden />}>
            Next
          </Button>
        )}
      </Group>
    </Stack>
  );
}

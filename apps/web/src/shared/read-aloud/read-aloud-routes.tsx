import { QueriesError } from '@/components/load-error';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Passage } from '@readalong/contracts';
import { useCallback, useRef } from 'react';
import { Loading } from '@/components/loading';
import { useAuth } from '@/lib/auth-store';
import { usePassage, useWorksheetPassage } from '@/shared/passage/get-passage';
import {
  assignmentSteps,
  libraryBookSteps,
  NEXT_STEP_LABELS,
  nextStepOf,
  type StepLinks,
} from '@/shared/passage/next-step';
import { startWorksheet } from '@/shared/passage/start-worksheet';
import { ReadAloudScreen, type ReadAloudMode, type WayOn } from './components/read-aloud-screen';

/** Only students record; staff opening a student's route see the demonstration. */
const useMode = (mode: ReadAloudMode): ReadAloudMode => (useAuth().userRole === 'student' ? mode : 'demo');

/**
 * C46: once the take is sent, what the book still needs (its pages, its quiz), else back to the list it came from.
 */
function wayOnAfterSending(passage: Passage, steps: StepLinks, backLabel: string): WayOn {
  const step = nextStepOf({ ...passage, recording_needed: false });
  return step === 'finished'
    ? { label: backLabel, href: steps.finished }
    : { label: NEXT_STEP_LABELS[step], href: steps[step] };
}

function PassageScreen({
  passage,
  mode,
  worksheetId,
  steps,
  backLabel,
}: {
  passage: UseQueryResult<Passage>;
  mode: ReadAloudMode;
  worksheetId: () => Promise<number>;
  steps: StepLinks;
  backLabel: string;
}) {
  if (passage.isPending) return <Loading label="Getting your book ready" />;
  if (passage.isError) return <QueriesError title="This book could not be opened" queries={[passage]} />;
  return (
    <ReadAloudScreen
      mode={mode}
      title={passage.data.title}
      passageId={passage.data.id}
      pages={passage.data.pages}
      worksheetId={worksheetId}
      wayOn={wayOnAfterSending(passage.data, steps, backLabel)}
    />
  );
}

/** `/power-builders/{bookId}/read-aloud/{practice,assignment,demo-practice}`: the student's worksheet is started on first use. */
export function BookReadAloud({ bookId, mode }: { bookId: number; mode: ReadAloudMode }) {
  const passage = usePassage(bookId);
  const started = useRef<Promise<number> | null>(null);
  const worksheetId = useCallback(
    () =>
      (started.current ??= startWorksheet(bookId).then(
        ({ worksheet_id }) => worksheet_id,
        (error: unknown) => {
          started.current = null;
          throw error;
        },
      )),
    [bookId],
  );
  return (
    <PassageScreen
      passage={passage}
      mode={useMode(mode)}
      worksheetId={worksheetId}
      steps={libraryBookSteps(bookId)}
      backLabel="Back to my books"
    />
  );
}

/** `/student-assignments/power-builders/{worksheetId}/read-aloud/{practice,assignment}`: the worksheet is the assignment's. */
export function AssignmentReadAloud({ worksheetId, mode }: { worksheetId: number; mode: ReadAloudMode }) {
  const passage = useWorksheetPassage(worksheetId);
  const known = useCallback(() => Promise.resolve(worksheetId), [worksheetId]);
  return (
    <PassageScreen
      passage={passage}
      mode={useMode(mode)}
      worksheetId={known}
      steps={assignmentSteps(worksheetId)}
      backLabel="Back to my work"
    />
  );
}

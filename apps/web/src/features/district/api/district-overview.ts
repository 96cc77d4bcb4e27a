import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { SCHOOL_ID_PARAM } from '@/config/paths';
import { api } from '@/lib/api-client';

const DAY_MS = 86_400_000;

/** The term the overview counts books and level moves over (the server's, IN11: the last 90 days up to today). */
export interface Term {
  start: string;
  end: string;
}

/** How many days the term spans, both ends counted, for the columns' headings. */
export const daysOf = (term: Term) =>
  Math.round((Date.parse(term.end) - Date.parse(term.start)) / DAY_MS) + 1;

/** One school's figures on the district overview (docs/rules.md C44, IN11). */
export interface SchoolFigures {
  id: number;
  name: string;
  students: number;
  /** Active in the last 7 days (IN2). */
  activeThisWeek: number;
  /** Power builders completed over the term (IN3). */
  booksRead: number;
  /** Bands moved up less bands moved down over the term (IN6), per student; null without students. */
  levelGain: number | null;
  /** Read-aloud recordings not graded yet, whenever made (IN3). */
  recordingsWaiting: number;
  seatsUsed: number;
  seatsTotal: number;
}

async function overview() {
  const answer = await api('getDistrictOverview');
  return {
    term: { start: answer.start, end: answer.end } satisfies Term,
    schools: answer.schools.map((school): SchoolFigures => ({
      id: school.school_id,
      name: school.name,
      students: school.student_count,
      activeThisWeek: school.active_student_count,
      booksRead: school.books_completed,
      levelGain: school.average_level_gain,
      recordingsWaiting: school.recordings_waiting,
      seatsUsed: school.seats_used,
      seatsTotal: school.seats_total,
    })),
  };
}

/**
 * Every school of the district with its figures, in one request (IN11); with a school picked in the header (C28),
 * only that school's, so every figure on the page is that school's.
 */
export function useDistrictOverview() {
  const [searchParams] = useSearchParams();
  const picked = searchParams.get(SCHOOL_ID_PARAM);
  const query = useQuery({ queryKey: ['district', 'overview'], queryFn: overview });
  const all = query.data?.schools ?? [];
  const chosen = all.filter((school) => String(school.id) === picked);
  // A school no longer in the district (an old link) narrows nothing.
  return { query, schools: chosen.length > 0 ? chosen : all, term: query.data?.term };
}

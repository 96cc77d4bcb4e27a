import { SUBJECT_ID, type Body, type contracts, type Response } from '@readalong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type StudentReport = Response<typeof contracts.getReadingOverview>;
export type ReportBook = StudentReport['books'][number];
export type ReportRecording = StudentReport['recordings'][number];
export type LexilePoint = StudentReport['lexile_timeline'][number];
export type GoalProgress = StudentReport['goals'][number];

/** The periods a report covers; `all` is the server's default, the last five years (docs/rules.md P7). */
export const REPORT_PERIODS = [
  { value: 'month', label: 'Last 30 days', days: 30 },
  { value: 'term', label: 'Last 90 days', days: 90 },
  { value: 'year', label: 'Last 12 months', days: 365 },
  { value: 'all', label: 'All time', days: null },
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number]['value'];

/** A period as the `start` of a report's query (a bare UTC date, whole days, P7); none for all time. */
export function startOf(period: ReportPeriod, now = new Date()): string | undefined {
  const days = REPORT_PERIODS.find((choice) => choice.value === period)?.days;
  if (!days) return undefined;
  return new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** Everything every section of the student's page and report shares is under this key: one refresh after a change. */
const studentKey = (studentId: number) => ['teacher', 'student', studentId] as const;

/** The student's goals, books, recordings and Lexile timeline over a period, and who they are (P14). */
export const studentReportQueryOptions = (studentId: number, start: string | undefined) =>
  queryOptions({
    queryKey: [...studentKey(studentId), 'reading-overview', start ?? 'all'],
    queryFn: () => api('getReadingOverview', { query: { student_id: studentId, start } }),
  });

export const useStudentReport = (studentId: number, start?: string) =>
  useQuery(studentReportQueryOptions(studentId, start));

/** Score per learning outcome over the period, with the taxonomy's names beside them. */
export const useStudentOutcomes = (studentId: number, start: string | undefined) =>
  useQuery({
    queryKey: [...studentKey(studentId), 'learning-outcomes', start ?? 'all'],
    queryFn: async () => {
      const [scores, topics] = await Promise.all([
        api('getStudentLearningOutcomePerformances', { params: { id: studentId }, query: { start } }),
        api('getTopics'),
      ]);
      const names = new Map(topics.learning_outcomes.map((outcome) => [outcome.id, outcome.name]));
      return scores.learning_outcome_performances.map((score) => ({
        ...score,
        name: names.get(score.learning_outcome_id) ?? `Skill ${score.learning_outcome_id}`,
      }));
    },
  });
export type OutcomeScore = NonNullable<ReturnType<typeof useStudentOutcomes>['data']>[number];

/** Marks per question type over all time (P11, P14). */
export const useStudentQuestionTypes = (studentId: number) =>
  useQuery({
    queryKey: [...studentKey(studentId), 'question-types'],
    queryFn: async () =>
      (await api('getQuestionDetails', { query: { student_id: studentId, subject_id: SUBJECT_ID } }))
        .question_types,
  });

/** The classes the student is in, for the page's header. */
export const useStudentClasses = (studentId: number) =>
  useQuery({
    queryKey: [...studentKey(studentId), 'classes'],
    queryFn: async () => (await api('getStudentClasses', { params: { id: studentId } })).classes,
  });

/** After a change of level the student's page, the teacher's list and the class lists read again. */
function useRefreshStudent(studentId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: studentKey(studentId) }),
      client.invalidateQueries({ queryKey: ['teacher', 'student-reading-overview'] }),
      client.invalidateQueries({ queryKey: ['classes'] }),
    ]);
}

/** Locks the student's sign-in for 15 minutes, or lifts a lock and the failed sign-ins (docs/rules.md S8). */
export const useSignInLock = () =>
  useMutation({
    mutationFn: ({ username, locked }: { username: string; locked: boolean }) =>
      api('lock', { body: { username, locked } }),
  });

/** The band becomes none and the student takes the chosen series' placement test next (R17). */
export function useResetStudent(studentId: number) {
  const refresh = useRefreshStudent(studentId);
  return useMutation({
    mutationFn: (startingPoint: number) =>
      api('resetStudent', { params: { id: studentId }, body: { starting_point: startingPoint } }),
    onSuccess: refresh,
  });
}

/** Places the student by hand (ManualPlacement, R12). */
export function usePlaceStudent(studentId: number) {
  const refresh = useRefreshStudent(studentId);
  return useMutation({
    mutationFn: (placement: Body<typeof contracts.placeStudent>) =>
      api('placeStudent', { params: { id: studentId }, body: placement }),
    onSuccess: refresh,
  });
}

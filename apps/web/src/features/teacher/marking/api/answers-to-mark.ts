import type { Response, contracts } from '@readalong/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type AnswersPage = Response<typeof contracts.getAnswersToMark>;
export type AnswerToMark = AnswersPage['answers'][number];

/** Whose answers: a class's students, one student, or (neither) every student in the teacher's scope. */
export interface MarkingFilter {
  classId?: number;
  studentId?: number;
}

/** A few at a time: the class page goes on below the list (reading goals). */
export const ANSWERS_PAGE_SIZE = 5;

/** Open-ended answers waiting for a mark, oldest first, a page at a time (docs/rules.md R24). */
export const answersToMarkQueryOptions = ({ classId, studentId }: MarkingFilter) =>
  infiniteQueryOptions({
    queryKey: ['answers-to-mark', { classId, studentId }],
    queryFn: ({ pageParam }) =>
      api('getAnswersToMark', {
        query: { class_id: classId, student_id: studentId, page: pageParam, limit: ANSWERS_PAGE_SIZE },
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });

export const useAnswersToMark = (filter: MarkingFilter) =>
  useInfiniteQuery(answersToMarkQueryOptions(filter));

/**
 * Marks one answer. It leaves every list of answers to mark at once; the lists are then reread (a page's offset
 * moved), and so is whatever shows the student's score, coins and level, which the mark may change (R25).
 */
export function useMarkAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, marks, comment }: { id: number; marks: number; comment: string }) =>
      api('markAnswer', { params: { id }, body: { marks, comment: comment.trim() || null } }),
    onSuccess: ({ answer }) => {
      client.setQueriesData<InfiniteData<AnswersPage>>({ queryKey: ['answers-to-mark'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                answers: page.answers.filter((row) => row.id !== answer.id),
              })),
            }
          : data,
      );
      for (const queryKey of [['answers-to-mark'], ['students'], ['worksheets']]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}

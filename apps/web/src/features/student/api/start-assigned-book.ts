import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import type { StudentAssignment } from './list-assignments';

/**
 * Starts the student's worksheet for an assignment and opens it to read. The server links the new worksheet to
 * the assignment of the class it counts for, so the class is sent along.
 */
export function useStartAssignedBook() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (assignment: StudentAssignment) =>
      api('startWorksheet', {
        params: { id: assignment.passage_id },
        body: { class_id: assignment.class_id },
      }),
    onSuccess: ({ worksheet_id }) => void navigate(paths.studentAssignment.read.getHref(worksheet_id)),
    onError: () =>
      showToast({ type: 'negative', message: 'That book could not be opened. Please try again.' }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Tells the server the student has now seen their new assignments. The cached "have new" answer is left as it
 * is on purpose: the assignments stay marked New for the rest of this visit, and the next visit asks again.
 */
export const useMarkAssignmentsSeen = () => useMutation({ mutationFn: () => api('markAssignmentsSeen') });

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Marks every alert of the student seen (docs/rules.md C18: the alerts screen sets every alert to seen at once). The list
 * on screen keeps its New marks until the next visit, so the child sees what was new. A failure is silent: the
 * alerts are simply new again next time.
 */
export const useMarkAlertsViewed = () =>
  useMutation({ mutationFn: () => api('markAlertsViewed', { body: {} }) });

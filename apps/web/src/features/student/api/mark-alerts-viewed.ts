import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Marks the alerts the student has just been shown as seen (SPEC.md §4: the alerts screen sets every alert to
 * seen at once). The shown list keeps its New marks until the next visit, so the child sees what was new.
 * A failure is silent: the alerts are simply new again next time.
 */
export const useMarkAlertsViewed = () =>
  useMutation({
    mutationFn: (alertIds: number[]) => api('markAlertsViewed', { body: { alert_ids: alertIds } }),
  });

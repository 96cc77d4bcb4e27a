import { api } from '@/lib/api-client';

/** Starts (or resumes) the signed-in student's worksheet for a passage. */
export const startWorksheet = (passageId: number) =>
  api('startWorksheet', { params: { id: passageId }, body: {} });

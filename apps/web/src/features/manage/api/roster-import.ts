/**
 * The roster import's calls (docs/rules.md C33): upload a file to start a dry run, follow the job until it ends,
 * commit a sound one. The job lives on the server; the screen polls it.
 */
import {
  ROSTER_TEMPLATE_COLUMNS,
  ROSTER_TEMPLATE_EXAMPLE,
  type RosterImport as RosterImportSchema,
} from '@readalong/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useRefreshRoster } from './classes';

export type RosterImport = z.infer<typeof RosterImportSchema>;
export type RosterImportStatus = RosterImport['status'];

/** How often a running job is read again: often enough for a moving bar, rare enough for a school's network. */
export const IMPORT_POLL_MS = 1000;

/** A job in one of these states changes no more by itself (ready waits for the commit). */
const SETTLED: ReadonlySet<RosterImportStatus> = new Set(['invalid', 'ready', 'committed', 'failed']);

export const isRunning = (status: RosterImportStatus) => !SETTLED.has(status);

const importKey = (id: number) => ['roster-import', id] as const;

/** Uploads the file and starts its dry run; the answer is the new job. */
export function useStartRosterImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, schoolId }: { file: File; schoolId?: number }) =>
      api('startRosterImport', { body: { file, ...(schoolId && { school_id: schoolId }) } }),
    onSuccess: (job) => queryClient.setQueryData(importKey(job.id), job),
  });
}

/**
 * One import, read again every second while it runs. Once it is committed, the classes, students and staff are
 * read again so the other management screens show the new roster.
 */
export function useRosterImport(id: number) {
  const refreshRoster = useRefreshRoster();
  return useQuery({
    queryKey: importKey(id),
    queryFn: async () => {
      const job = await api('getRosterImport', { params: { id } });
      // Polling stops once the job is committed, so this runs once for it.
      if (job.status === 'committed') await refreshRoster();
      return job;
    },
    refetchInterval: (query) =>
      query.state.data && !isRunning(query.state.data.status) ? false : IMPORT_POLL_MS,
  });
}

/** Asks the server to write a ready import; the job then runs again (committing) and is polled. */
export function useCommitRosterImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('commitRosterImport', { params: { id } }),
    onSuccess: (job) => queryClient.setQueryData(importKey(id), job),
  });
}

/** The project's CSV template: its header and example rows, as a spreadsheet opens it (UTF-8 with a BOM). */
export function rosterTemplateCsv(): string {
  return stringify([[...ROSTER_TEMPLATE_COLUMNS], ...ROSTER_TEMPLATE_EXAMPLE.map((row) => [...row])], {
    bom: true,
    record_delimiter: 'windows',
  });
}

/**
 * Students as class lists show them (name, level, home class, a fresh link to their picture): what the students
 * list and a class's students answer, so other modules call this rather than the roster's repository.
 */
import type { StudentSummary } from '@readalong/contracts';
import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import * as repo from './roster.repository.js';

const summaryView =
  (storage: Deps['storage']) =>
  (row: repo.StudentSummaryRow): z.infer<typeof StudentSummary> => ({
    student_id: row.userId,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    profile_pic_url: row.profilePicKey ? storage.signedUrl(row.profilePicKey) : null,
    class_id: row.homeClassId,
    colour_band_id: row.colourBandId,
    series: row.seriesId,
    last_active_at: row.lastActiveAt?.toISOString() ?? null,
    disabled: row.isDisabled,
  });

/** The students `where` names, by last then first name; a page of them when `page` is given. */
export async function studentSummaries(
  { db, storage }: Pick<Deps, 'db' | 'storage'>,
  where: SQL,
  page?: { limit: number; offset: number },
) {
  return (await repo.listStudentSummaries(db, where, page)).map(summaryView(storage));
}

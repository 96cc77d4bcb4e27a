/**
 * A department head's district settings (RA14): today the audio retention (RA13). Always the
 * caller's own district; the change is recorded in the audit log. And the district's overview (IN11).
 */
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Executor } from '../../db/database.js';
import { auditLog, districts } from '../../db/schema/index.js';
import { notFound } from '../../domain/errors.js';
import type { Actor } from '../../domain/actor.js';
import type { DateRangeQuery } from '../reports/date-range.js';
import { districtOverview } from './district-overview.js';

export type DistrictsService = ReturnType<typeof createDistrictsService>;

export function createDistrictsService({ db, clock }: Deps) {
  async function settingsOf(districtId: number, lock = false, tx: Executor = db) {
    const query = tx
      .select({ audioRetentionDays: districts.audioRetentionDays })
      .from(districts)
      .where(eq(districts.id, districtId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('district');
    return row;
  }

  return {
    /** IN11. */
    overview: (actor: Actor, query: DateRangeQuery) => districtOverview({ db, clock }, actor, query),

    async settings(actor: Actor) {
      const row = await settingsOf(actor.districtId);
      return { audio_retention_days: row.audioRetentionDays };
    },

    async updateSettings(actor: Actor, body: { audio_retention_days: number }) {
      return db.transaction(async (tx) => {
        const before = await settingsOf(actor.districtId, true, tx);
        const days = body.audio_retention_days;
        if (before.audioRetentionDays !== days) {
          await tx
            .update(districts)
            .set({ audioRetentionDays: days })
            .where(eq(districts.id, actor.districtId));
          await tx.insert(auditLog).values({
            actorId: actor.userId,
            districtId: actor.districtId,
            schoolId: actor.schoolId,
            action: 'district.settings',
            targetType: 'district',
            targetId: String(actor.districtId),
            details: { audio_retention_days: { from: before.audioRetentionDays, to: days } },
            createdAt: clock.now(),
          });
        }
        return { audio_retention_days: days };
      });
    },
  };
}

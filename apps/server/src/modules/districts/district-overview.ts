/**
 * The district overview (docs/rules.md IN11): a department head's schools with their headline figures, all of them
 * in one set-based statement (district-overview.repository.ts), so the page asks once however many schools there are.
 */
import { DISTRICT_TERM_DAYS, type DistrictOverview } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../domain/actor.js';
import { lastWeekOf, periodOf } from '../insights/insights.service.js';
import type { DateRangeQuery } from '../reports/date-range.js';
import { schoolFigures } from './district-overview.repository.js';

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

export async function districtOverview(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  query: DateRangeQuery,
): Promise<DistrictOverview> {
  const now = clock.now();
  const period = periodOf(query, now, DISTRICT_TERM_DAYS);
  const rows = await schoolFigures(db, {
    districtId: actor.districtId,
    period,
    lastWeek: lastWeekOf(now),
    today: dayOf(now),
  });
  return {
    start: dayOf(period.from),
    // The day of the period's last instant (I3: an end of 9999-12-31 stops a millisecond short of 10000).
    end: dayOf(new Date(period.until.getTime() - 1)),
    schools: rows.map((row) => ({
      ...row,
      average_level_gain:
        row.student_count === 0 ? null : (row.level_ups - row.level_downs) / row.student_count,
    })),
  };
}

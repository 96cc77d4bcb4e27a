/**
 * Inactivity alerts (docs/rules.md P14): a student with no activity for 7 days while their class is in term is
 * raised for their teachers, once per idle spell. Checked at start and every hour in one set-based statement; where
 * several servers share the database one checks at a time (O10), so a spell is never raised twice.
 */
import { PROGRESSION } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import { runOnOneServer } from '../../db/single-runner.js';
import { addDays } from '../../platform/clock.js';
import { raiseInactivity } from './alerts.repository.js';

const CHECK_INTERVAL_MS = 60 * 60 * 1000;

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Raises every Inactivity alert due now; answers the students alerted (none when another server is checking). */
export async function raiseInactivityAlerts({ db, clock }: Pick<Deps, 'db' | 'clock'>): Promise<number[]> {
  const now = clock.now();
  const run = await runOnOneServer(db, 'inactivity alerts', () =>
    raiseInactivity(db, {
      now,
      cutoff: addDays(now, -PROGRESSION.inactiveAfterDays),
      termShare: PROGRESSION.termActiveShare,
    }),
  );
  return run.ran ? run.value : [];
}

/** The hourly check, started by main.ts; the timer never keeps the process alive. */
export function startInactivityAlerts(deps: Pick<Deps, 'db' | 'clock'>, log: Log) {
  const check = () =>
    raiseInactivityAlerts(deps).then(
      (alerted) => alerted.length > 0 && log.info({ students: alerted.length }, 'inactivity alerts: raised'),
      (error: unknown) => log.error({ err: error }, 'inactivity alerts: the check failed'),
    );
  void check();
  const timer = setInterval(() => void check(), CHECK_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

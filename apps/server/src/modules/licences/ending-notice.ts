/**
 * A licence pack ending within 30 days is announced once (docs/rules.md LP4): a `licence_ending` notification to
 * the school's owners and its district's department heads. Checked at start and every hour; each pack is claimed
 * by one update, so a pack is announced once however many servers check.
 */
import type { Deps } from '../../deps.js';
import { sendNotifications } from '../notifications/notifications.service.js';
import * as repo from './licences.repository.js';
import { dayOf } from './licences.service.js';

export const LICENCE_NOTICE_DAYS = 30;
const CHECK_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Log {
  error(details: object, message: string): void;
}

/** Announces every pack now ending within LICENCE_NOTICE_DAYS not yet announced; answers how many. */
export async function announceEndingPacks({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const packs = await repo.claimEndingPacks(
      tx,
      dayOf(now),
      dayOf(new Date(now.getTime() + LICENCE_NOTICE_DAYS * DAY_MS)),
      now,
    );
    for (const pack of packs) {
      const school = await repo.schoolName(tx, pack.schoolId);
      const recipients = await repo.ownersAndHeads(tx, pack.schoolId);
      await sendNotifications(
        tx,
        recipients.map(({ id }) => ({
          userId: id,
          kind: 'licence_ending' as const,
          title: `${school}: ${pack.name} ends on ${pack.endsOn}`,
          body: `Its ${pack.seats} seats end with it; students past the seats left cannot be added.`,
          link: '/manage/school',
        })),
      );
    }
    return packs.length;
  });
}

/** The hourly check, started by main.ts and stopped when the server stops. */
export function startLicenceNotices(deps: Pick<Deps, 'db' | 'clock'>, log: Log) {
  const check = () =>
    announceEndingPacks(deps).catch((error: unknown) =>
      log.error({ error }, 'licence notices: check failed'),
    );
  void check();
  const timer = setInterval(() => void check(), CHECK_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

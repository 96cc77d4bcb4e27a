/**
 * Licence packs (LP1–LP4): a school's packs, the seats its students use, month by month, and the one seat
 * check every path that adds or enables students goes through (docs/rules.md LP1–LP3).
 */
import { z } from 'zod';
import { DateInput, type LicensePack } from '@readalong/contracts';
import type { Deps } from '../../deps.js';
import type { Database, Executor } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import { invalidField } from '../../domain/errors.js';
import { schoolInScope } from '../access/in-scope.js';
import * as repo from './licences.repository.js';

/** A calendar date in UTC, as packs' dates are stored. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

const isActive = (pack: repo.PackRow, today: string) => pack.startsOn <= today && today <= pack.endsOn;

/** Seats sold by the packs active today, and the seats each of them has taken: the first to end fills first (LP2). */
function allot(packs: repo.PackRow[], today: string, used: number) {
  const active = packs
    .filter((pack) => isActive(pack, today))
    .sort((a, b) => a.endsOn.localeCompare(b.endsOn) || a.id - b.id);
  const taken = new Map<number, number>();
  let left = used;
  for (const pack of active) {
    taken.set(pack.id, Math.min(pack.seats, left));
    left -= taken.get(pack.id)!;
  }
  return { total: active.reduce((sum, pack) => sum + pack.seats, 0), taken, active };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The seat check (LP3): refuses, naming `field`, when `adding` more enabled students would pass the seats of the
 * school's packs active today, saying how many are left. Locks the school's row, so checks of one school take
 * turns and two batches at once cannot both take the last seats. Call it in the transaction that adds them.
 */
export async function requireFreeSeats(
  tx: Executor,
  schoolId: number,
  adding: number,
  field: string,
  today: string,
) {
  if (adding <= 0) return;
  await repo.lockSchool(tx, schoolId);
  const { total } = allot(await repo.packsOf(tx, schoolId), today, 0);
  const free = Math.max(0, total - (await repo.seatsUsed(tx, schoolId)));
  if (adding > free) {
    throw invalidField(
      field,
      `not enough licence seats: ${plural(free, 'seat')} left, ${plural(adding, 'student')} to add`,
    );
  }
}

export type LicencesService = ReturnType<typeof createLicencesService>;

export function createLicencesService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  /** The school asked about: a department head names one of the district; everyone else has theirs. */
  async function schoolOf(actor: Actor, schoolId: number | undefined) {
    const school = await schoolInScope(db, actor, schoolId);
    if (school === undefined) throw invalidField('query.school_id', 'choose a school');
    return school;
  }

  async function usageOf(schoolId: number) {
    const today = dayOf(clock.now());
    const packs = await repo.packsOf(db, schoolId);
    const used = await repo.seatsUsed(db, schoolId);
    return { today, packs, used, ...allot(packs, today, used) };
  }

  return {
    async packs(actor: Actor, schoolId: number | undefined) {
      const usage = await usageOf(await schoolOf(actor, schoolId));
      return {
        license_packs: usage.packs.map((pack): z.infer<typeof LicensePack> => ({
          id: pack.id,
          school_id: pack.schoolId,
          name: pack.name,
          seats: pack.seats,
          seats_used: usage.taken.get(pack.id) ?? 0,
          start_date: pack.startsOn,
          end_date: pack.endsOn,
          active: isActive(pack, usage.today),
        })),
      };
    },

    async usage(actor: Actor, schoolId: number | undefined) {
      const school = await schoolOf(actor, schoolId);
      const usage = await usageOf(school);
      return {
        school_id: school,
        seats_total: usage.total,
        seats_used: usage.used,
        seats_free: Math.max(0, usage.total - usage.used),
        next_end_date: usage.active[0]?.endsOn ?? null,
      };
    },

    async history(actor: Actor, schoolId: number | undefined) {
      const school = await schoolOf(actor, schoolId);
      return { history: await repo.monthlyUsage(db, school, dayOf(clock.now())) };
    },
  };
}

const NewPack = z
  .object({
    schoolId: z.coerce.number().int().positive('a school id'),
    name: z.string().trim().min(1, 'a name').max(100),
    seats: z.coerce.number().int('a whole number').positive('at least 1').max(1_000_000),
    startsOn: DateInput,
    endsOn: DateInput,
  })
  .refine((pack) => pack.startsOn <= pack.endsOn, { message: 'on or after --from', path: ['endsOn'] });
/** The command's option for each field, to name it in a refusal. */
const OPTION: Record<string, string> = {
  schoolId: '--school',
  name: '--name',
  seats: '--seats',
  startsOn: '--from',
  endsOn: '--until',
};

/** Adds a pack the vendor sold (LP1: the operator command, never the API); refuses bad values in words. */
export async function addLicencePack(db: Database, input: Record<keyof z.input<typeof NewPack>, unknown>) {
  const parsed = NewPack.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${OPTION[String(issue.path[0])]}: ${issue.message}`);
    throw new Error(problems.join('\n'));
  }
  if (!(await repo.schoolName(db, parsed.data.schoolId)))
    throw new Error(`no school ${parsed.data.schoolId}`);
  return repo.insertPack(db, parsed.data);
}

export const listLicencePacks = (db: Database, schoolId: number) => repo.packsOf(db, schoolId);

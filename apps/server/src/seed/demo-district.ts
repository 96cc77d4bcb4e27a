/**
 * The demo district (demo-district-data.ts): two schools with staff, classes and about 60 students at varied levels,
 * so the product can be tried at once, and ten weeks of reading at Willow Creek Elementary (demo-history.ts), with
 * read-aloud recordings for demo.teacher to review when speech can be made (demo-recordings.ts). Every account's
 * password is `readalong`. Deterministic: the same people, levels, coins and history on every seed, dated back from
 * the day it runs.
 */
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { SERIES, type Role } from '@readalong/contracts';
import type { Database, Executor } from '../db/database.js';
import {
  academicLevels,
  classTeachers,
  classes,
  coinTransactions,
  districts,
  enrolments,
  levelChanges,
  licencePacks,
  recordings,
  schools,
  signInFailures,
  students,
  users,
} from '../db/schema/index.js';
import { loadConfig } from '../config.js';
import { hashPassword } from '../platform/passwords.js';
import { createServerDeps } from '../server-deps.js';
import {
  DEMO_DISTRICT,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  type DemoClass,
  type DemoSchool,
  type Person,
} from './demo-district-data.js';
import { insertMissingReferenceData } from './reference-data.js';
import { DEMO_STUDENT, LEO_JOURNEY, addDemoHistory, historyStartOf } from './demo-history.js';
import type { RecordingPlatform } from './demo-recordings.js';
import { stableNumber } from './stable-number.js';

const MAX_COINS = 400;
/** The sixth student of each class is new and has not taken the placement test yet. */
const AWAITING_PLACEMENT_POSITION = 5;

interface SeedContext {
  tx: Executor;
  /** One hash for every account: argon2 is slow by design and the demo password is the same for all. */
  passwordHash: string;
  districtId: number;
  gradeIds: Map<string, number>;
  licencePeriod: { startsOn: string; endsOn: string };
  /** Where the history begins: seeded levels and opening balances are dated then. */
  historyStart: Date;
  /** Schools given a reading history once everyone is in. */
  historySchoolIds: number[];
}

type Place = { districtId: number; schoolId: number };

interface StudentPlan {
  person: Person;
  username: string;
  seriesId: number;
  /** Null: awaiting placement. */
  colourBandId: number | null;
  coins: number;
  readAloudEnabled: boolean;
}

export interface DemoSeedOptions {
  /**
   * Where the demo recordings' audio is stored and whether speech can be made: the server's own (a test passes
   * its app's). By default they are built from the environment's settings as the server builds them, and only
   * when they are needed.
   */
  platform?: RecordingPlatform;
  /** Where the seed says why it made no recordings (default: the console). */
  log?: (line: string) => void;
}

/** Seeds the demo when the installation has no users yet; says whether it did. */
export async function seedDemoIfEmpty(db: Database, options: DemoSeedOptions = {}): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  await seedDemo(db, new Date(), options);
  return true;
}

/** Adds the demo district. Fails (and writes nothing) if its usernames are taken. */
export async function seedDemo(
  db: Database,
  today = new Date(),
  options: DemoSeedOptions = {},
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const history = historyOptions(db, options);
  await db.transaction((tx) => insertDemoDistrict(tx, passwordHash, today, history));
}

/**
 * Deletes every district, school and user with all that hangs off them, then seeds the demo, atomically; the old
 * recordings' audio files are deleted once that is done.
 */
export async function resetAndSeedDemo(
  db: Database,
  today = new Date(),
  options: DemoSeedOptions = {},
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const history = historyOptions(db, options);
  const oldFiles = await db
    .select({ key: recordings.fileKey })
    .from(recordings)
    .where(isNotNull(recordings.fileKey));
  await db.transaction(async (tx) => {
    await deleteTenantData(tx);
    await insertDemoDistrict(tx, passwordHash, today, history);
  });
  if (oldFiles.length === 0) return;
  const { storage } = await history.platform();
  await Promise.all(oldFiles.map(({ key }) => storage.remove(key!)));
}

/** The platform for recordings, built once and only when asked for. */
function historyOptions(db: Database, options: DemoSeedOptions) {
  let platform: Promise<RecordingPlatform> | undefined;
  return {
    platform: () => (platform ??= options.platform ? Promise.resolve(options.platform) : serverPlatform(db)),
    ...(options.log ? { log: options.log } : {}),
  };
}

async function serverPlatform(db: Database): Promise<RecordingPlatform> {
  const { storage, speech } = await createServerDeps(loadConfig(), db);
  return { storage, speech };
}

/** The shared library and taxonomy stay; only tables that belong to a district, school or user are emptied. */
async function deleteTenantData(tx: Executor) {
  // CASCADE empties every table that points at these (classes, students, worksheets, alerts, sessions, …), tables
  // added later included. Identities are not restarted, so a token issued before the reset never names a new user.
  await tx.execute(sql`TRUNCATE TABLE ${districts}, ${schools}, ${users}, ${signInFailures} CASCADE`);
}

async function insertDemoDistrict(
  tx: Executor,
  passwordHash: string,
  today: Date,
  history: Parameters<typeof addDemoHistory>[3],
) {
  // The demo's classes point at grades, so the reference data must be there even on a database seeded by hand.
  await insertMissingReferenceData(tx);
  const [district] = await tx.insert(districts).values({ name: DEMO_DISTRICT.name }).returning();
  const context: SeedContext = {
    tx,
    passwordHash,
    districtId: district!.id,
    gradeIds: await gradeIdsByName(tx),
    licencePeriod: schoolYearOf(today),
    historyStart: historyStartOf(today),
    historySchoolIds: [],
  };
  await insertStaff(context, { districtId: district!.id, schoolId: null }, 'department_head', [
    DEMO_DISTRICT.head,
  ]);
  for (const school of DEMO_DISTRICT.schools) await insertSchool(context, school);
  await addDemoHistory(tx, today, context.historySchoolIds, history);
  // Leo read without recording for most of the history (his teacher switched read-aloud on near its end, when
  // recordings are made); read-aloud is his setting from now on.
  await tx
    .update(students)
    .set({ readAloudEnabled: readsAloud(DEMO_STUDENT) })
    .where(
      inArray(
        students.userId,
        tx.select({ id: users.id }).from(users).where(eq(users.username, DEMO_STUDENT)),
      ),
    );
}

async function insertSchool(context: SeedContext, school: DemoSchool) {
  const { tx, districtId } = context;
  const [row] = await tx.insert(schools).values({ districtId, name: school.name }).returning();
  const place = { districtId, schoolId: row!.id };
  if (school.hasReadingHistory) context.historySchoolIds.push(row!.id);
  await insertStaff(context, place, 'owner', [school.owner]);
  const teacherIds = await insertStaff(context, place, 'teacher', school.teachers);
  for (const demoClass of school.classes) await insertClass(context, place, demoClass, teacherIds);
  await tx
    .insert(licencePacks)
    .values(
      school.licencePacks.map((pack) => ({ schoolId: place.schoolId, ...pack, ...context.licencePeriod })),
    );
}

/** Inserts staff accounts; returns their ids by username. */
async function insertStaff(
  context: SeedContext,
  place: { districtId: number; schoolId: number | null },
  role: Exclude<Role, 'student'>,
  people: Person[],
): Promise<Map<string, number>> {
  const rows = await context.tx
    .insert(users)
    .values(
      people.map((person) => {
        const username = usernameOf(person);
        const { firstName, lastName } = person;
        const email = `${username}@${DEMO_EMAIL_DOMAIN}`;
        return { ...place, username, role, firstName, lastName, email, passwordHash: context.passwordHash };
      }),
    )
    .returning({ id: users.id, username: users.username });
  return new Map(rows.map((row) => [row.username, row.id]));
}

async function insertClass(
  context: SeedContext,
  place: Place,
  demoClass: DemoClass,
  teacherIds: Map<string, number>,
) {
  const academicLevelId = context.gradeIds.get(demoClass.grade);
  if (academicLevelId === undefined) {
    throw new Error(`${demoClass.name}: no academic level "${demoClass.grade}"`);
  }
  const [row] = await context.tx
    .insert(classes)
    .values({ ...place, name: demoClass.name, academicLevelId })
    .returning();
  const klass = row!;
  if (demoClass.roster.length > klass.numStudents) {
    throw new Error(
      `${demoClass.name}: ${demoClass.roster.length} students exceed its capacity of ${klass.numStudents}`,
    );
  }
  await context.tx.insert(classTeachers).values(
    demoClass.teachers.map((username) => {
      const teacherId = teacherIds.get(username);
      if (teacherId === undefined) {
        throw new Error(`${demoClass.name}: no teacher "${username}" in its school`);
      }
      return { classId: klass.id, teacherId };
    }),
  );
  const plans = demoClass.roster.map((person, index) => planStudent(person, index, demoClass.seriesIds));
  await insertStudents(context, place, { id: klass.id, academicLevelId }, plans);
}

async function insertStudents(
  context: SeedContext,
  place: Place,
  homeClass: { id: number; academicLevelId: number },
  plans: StudentPlan[],
) {
  const { tx, passwordHash, historyStart } = context;
  // Accounts are made when the school year's licence starts (or when the history does, if earlier), so the seats
  // used month by month (LP2, FG6) count the children who read in those months.
  const madeAt = new Date(
    Math.min(Date.parse(`${context.licencePeriod.startsOn}T08:00:00Z`), historyStart.getTime()),
  );
  const accounts = await tx
    .insert(users)
    .values(
      plans.map(({ person: { firstName, lastName }, username }) => ({
        ...place,
        username,
        firstName,
        lastName,
        role: 'student' as const,
        passwordHash,
        createdAt: madeAt,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(accounts.map((account) => [account.username, account.id]));
  const placed = plans.filter((plan) => plan.colourBandId !== null);

  await tx.insert(students).values(
    plans.map((plan) => ({
      ...place,
      userId: idOf.get(plan.username)!,
      homeClassId: homeClass.id,
      academicLevelId: homeClass.academicLevelId,
      seriesId: plan.seriesId,
      colourBandId: plan.colourBandId,
      coins: plan.coins,
      readAloudEnabled: plan.readAloudEnabled,
      createdAt: madeAt,
    })),
  );
  await tx.insert(enrolments).values(
    plans.map((plan) => ({
      classId: homeClass.id,
      studentId: idOf.get(plan.username)!,
      schoolId: place.schoolId,
    })),
  );
  if (placed.length === 0) return;
  // Every level change carries its reason (R12); a seeded level's reason is the seed.
  await tx.insert(levelChanges).values(
    placed.map((plan) => ({
      studentId: idOf.get(plan.username)!,
      schoolId: place.schoolId,
      toSeriesId: plan.seriesId,
      toColourBandId: plan.colourBandId,
      rule: 'seed' as const,
      createdAt: historyStart,
    })),
  );
  // The balance they start with is in the coin ledger too, so coins always add up to it.
  const opening = placed.filter((plan) => plan.coins > 0);
  if (opening.length === 0) return;
  await tx.insert(coinTransactions).values(
    opening.map((plan) => ({
      studentId: idOf.get(plan.username)!,
      schoolId: place.schoolId,
      amount: plan.coins,
      reason: 'seed',
      createdAt: historyStart,
    })),
  );
}

/** A student's level, coins and settings: series dealt out in the class's order, the rest varied by username. */
function planStudent(person: Person, index: number, seriesIds: number[]): StudentPlan {
  const username = usernameOf(person);
  const seriesId = seriesIds[index % seriesIds.length]!;
  if (index === AWAITING_PLACEMENT_POSITION) {
    return { person, username, seriesId, colourBandId: null, coins: 0, readAloudEnabled: true };
  }
  if (username === DEMO_STUDENT) {
    // Leo's journey starts a band below where his seeded level would be, and moves up during the history.
    const { startsAt, openingCoins } = LEO_JOURNEY;
    return {
      person,
      username,
      seriesId: startsAt.seriesId,
      colourBandId: startsAt.colourBandId,
      coins: openingCoins,
      readAloudEnabled: false,
    };
  }
  const [firstBand, lastBand] = defaultBandsOf(seriesId);
  return {
    person,
    username,
    seriesId,
    colourBandId: firstBand + (stableNumber(`band:${username}`) % (lastBand - firstBand + 1)),
    coins: stableNumber(`coins:${username}`) % (MAX_COINS + 1),
    readAloudEnabled: readsAloud(username),
  };
}

const readsAloud = (username: string) => stableNumber(`read-aloud:${username}`) % 8 !== 0;

function defaultBandsOf(seriesId: number): readonly [number, number] {
  const series = SERIES.find((candidate) => candidate.id === seriesId);
  if (!series) throw new Error(`unknown series ${seriesId}`);
  return series.defaultBands;
}

/** `Tomás Reyes` → `tomas.reyes`; `Liam O'Brien` → `liam.obrien`. */
function usernameOf(person: Person): string {
  if (person.username) return person.username;
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${plain(person.firstName)}.${plain(person.lastName)}`;
}

async function gradeIdsByName(tx: Executor): Promise<Map<string, number>> {
  const rows = await tx.select({ id: academicLevels.id, name: academicLevels.name }).from(academicLevels);
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Licences run for the school year that contains `today`: 1 August to 31 July. */
function schoolYearOf(today: Date): { startsOn: string; endsOn: string } {
  const AUGUST = 7;
  const startYear = today.getUTCMonth() >= AUGUST ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  return { startsOn: `${startYear}-08-01`, endsOn: `${startYear + 1}-07-31` };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { SERIES } from '@readalong/contracts';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../db/database.js';
import {
  academicLevels,
  classTeachers,
  classes,
  districts,
  enrolments,
  learningOutcomes,
  levelChanges,
  licencePacks,
  passages,
  schools,
  students,
  users,
  worksheets,
} from '../db/schema/index.js';
import { verifyPassword } from '../platform/passwords.js';
import { resetAndSeedDemo, seedDemoIfEmpty } from './demo-district.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const DEMO_ACCOUNTS = {
  'demo.teacher': 'teacher',
  'demo.owner': 'owner',
  'demo.head': 'department_head',
  'demo.student': 'student',
};

async function userNamed(username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

async function counts() {
  const tables = {
    districts,
    schools,
    users,
    classes,
    students,
    enrolments,
    classTeachers,
    levelChanges,
    licencePacks,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [
      name,
      (await db.select({ n: count() }).from(table))[0]!.n,
    ]),
  );
  return Object.fromEntries(entries) as Record<keyof typeof tables, number>;
}

describe('the demo district', () => {
  it('is seeded into an empty installation', async () => {
    expect(await seedDemoIfEmpty(db)).toBe(true);
  });

  it('has the four demo accounts with their roles, all signing in with "readalong"', async () => {
    for (const [username, role] of Object.entries(DEMO_ACCOUNTS)) {
      const user = await userNamed(username);
      expect(user.role).toBe(role);
      expect(await verifyPassword(user.passwordHash, 'readalong')).toBe(true);
    }
    expect((await userNamed('demo.teacher')).email).toBe('demo.teacher@riverbend.example');
    expect((await userNamed('demo.student')).email).toBeNull();
    expect((await userNamed('demo.head')).schoolId).toBeNull();
  });

  it('has one district, two schools and about sixty students', async () => {
    const seeded = await counts();
    expect(seeded.districts).toBe(1);
    expect(seeded.schools).toBe(2);
    expect(seeded.students).toBeGreaterThanOrEqual(55);
    expect(seeded.students).toBeLessThanOrEqual(65);
    expect(seeded.enrolments).toBe(seeded.students);
  });

  it('lets demo.teacher teach demo.student, in a class of the owner’s school, among at least two classes', async () => {
    const teacher = await userNamed('demo.teacher');
    const student = await userNamed('demo.student');
    const [reading] = await db.select().from(students).where(eq(students.userId, student.id));
    const taught = await db.select().from(classTeachers).where(eq(classTeachers.teacherId, teacher.id));

    expect(taught.length).toBeGreaterThanOrEqual(2);
    expect(taught.map((row) => row.classId)).toContain(reading!.homeClassId);
    expect(teacher.schoolId).toBe((await userNamed('demo.owner')).schoolId);
    expect(reading!.colourBandId).not.toBeNull();
  });

  it('places students inside their series’ default bands, leaves a few awaiting placement, and records why', async () => {
    const rows = await db.select().from(students);
    const placed = rows.filter((row) => row.colourBandId !== null);
    for (const row of placed) {
      const [first, last] = SERIES.find((series) => series.id === row.seriesId)!.defaultBands;
      expect(row.colourBandId).toBeGreaterThanOrEqual(first);
      expect(row.colourBandId).toBeLessThanOrEqual(last);
    }
    expect(rows.length - placed.length).toBeGreaterThanOrEqual(3);
    expect(rows.length - placed.length).toBeLessThanOrEqual(10);
    expect(new Set(placed.map((row) => row.colourBandId)).size).toBeGreaterThan(5);
    expect(rows.every((row) => row.coins >= 0 && row.coins <= 400)).toBe(true);
    expect(rows.filter((row) => row.readAloudEnabled).length).toBeGreaterThan(rows.length / 2);

    const seedChanges = await db.select().from(levelChanges).where(eq(levelChanges.rule, 'seed'));
    expect(seedChanges.map((change) => change.studentId).sort()).toEqual(
      placed.map((row) => row.userId).sort(),
    );
  });

  it('gives each school more licence seats than students, for a period covering today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const school of await db.select().from(schools)) {
      const packs = await db.select().from(licencePacks).where(eq(licencePacks.schoolId, school.id));
      const [enrolled] = await db
        .select({ n: count() })
        .from(students)
        .where(eq(students.schoolId, school.id));
      const seats = packs
        .filter((pack) => pack.startsOn <= today && today <= pack.endsOn)
        .reduce((sum, pack) => sum + pack.seats, 0);
      expect(seats).toBeGreaterThan(enrolled!.n);
    }
  });

  it('is not seeded again once there are users', async () => {
    const before = await counts();
    expect(await seedDemoIfEmpty(db)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('is replaced by a reset, keeping the library and taxonomy', async () => {
    const before = await counts();
    const levelsBefore = await db.select({ n: count() }).from(academicLevels);
    const outcomesBefore = await db.select({ n: count() }).from(learningOutcomes);
    const oldStudent = await userNamed('demo.student');
    const passage = await insertPassage();
    await db.insert(worksheets).values({
      studentId: oldStudent.id,
      schoolId: oldStudent.schoolId!,
      districtId: oldStudent.districtId,
      passageId: passage.id,
    });

    await resetAndSeedDemo(db);

    expect(await counts()).toEqual(before);
    expect(await db.select({ n: count() }).from(academicLevels)).toEqual(levelsBefore);
    expect(await db.select({ n: count() }).from(learningOutcomes)).toEqual(outcomesBefore);
    expect(await db.select().from(passages).where(eq(passages.id, passage.id))).toHaveLength(1);
    expect(await db.select().from(worksheets)).toHaveLength(0);
    // Ids are not reused, so a token issued before the reset cannot name a new account.
    expect(await db.select().from(users).where(eq(users.id, oldStudent.id))).toHaveLength(0);
  });
});

async function insertPassage() {
  const [row] = await db
    .insert(passages)
    .values({
      slug: 'seed-test-passage',
      builderTypeId: 2,
      title: 'The Lantern Fox',
      author: 'Test',
      seriesId: 1,
      colourBandId: 6,
      lexile: 360,
      wordCount: 120,
    })
    .returning();
  return row!;
}

/**
 * What the load benches run against: a fresh embedded PostgreSQL in a temporary folder, migrated, with the
 * reference data, the library, and one school of students (classes of 25) who all share one Argon2id hash of
 * BENCH_PASSWORD. The server under test is a separate process started on it (server.ts).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { classes, districts, enrolments, schools, students, users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/platform/passwords.js';
import { importLibrary } from '../../src/seed/library-import.js';
import { seedReferenceData } from '../../src/seed/reference-data.js';

export const BENCH_PASSWORD = 'morning bell';
const CLASS_SIZE = 25;

export interface BenchStudent {
  id: number;
  username: string;
}

export interface BenchWorld {
  dataDir: string;
  database: DatabaseHandle;
  students: BenchStudent[];
  close: () => Promise<void>;
}

export async function createWorld(studentCount: number): Promise<BenchWorld> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'readalong-load-'));
  // As root the embedded server runs as the postgres user, who must be able to enter this folder.
  await chmod(dataDir, 0o755);
  const database = await openDatabase({ databaseUrl: undefined, dataDir: path.join(dataDir, 'data') });
  const { db } = database;
  await seedReferenceData(db);
  await importLibrary(db);
  const [district] = await db.insert(districts).values({ name: 'Bench District' }).returning();
  const [school] = await db
    .insert(schools)
    .values({ districtId: district!.id, name: 'Bench School' })
    .returning();
  const place = { districtId: district!.id, schoolId: school!.id };
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const made: BenchStudent[] = [];
  for (let first = 0; first < studentCount; first += CLASS_SIZE) {
    const size = Math.min(CLASS_SIZE, studentCount - first);
    const [klass] = await db
      .insert(classes)
      .values({ ...place, name: `Class ${first / CLASS_SIZE + 1}` })
      .returning();
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, index) => ({
          ...place,
          username: `bench.student.${first + index + 1}`,
          passwordHash,
          role: 'student' as const,
          firstName: 'Bench',
          lastName: `Student ${first + index + 1}`,
        })),
      )
      .returning({ id: users.id, username: users.username });
    await db.insert(students).values(
      rows.map((row) => ({
        ...place,
        userId: row.id,
        homeClassId: klass!.id,
        seriesId: 6,
        colourBandId: 4,
        coins: 30,
      })),
    );
    await db
      .insert(enrolments)
      .values(rows.map((row) => ({ classId: klass!.id, studentId: row.id, schoolId: school!.id })));
    made.push(...rows);
  }
  return {
    dataDir,
    database,
    students: made,
    close: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

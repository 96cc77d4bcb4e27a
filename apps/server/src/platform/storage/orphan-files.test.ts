/** The orphan-file sweep (docs/rules.md O3) on local disk, against the real database and its file columns. */
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { contactMessages, recordings, users } from '../../db/schema/index.js';
import { sweepOrphanFiles } from './orphan-files.js';

let t: TestApp;
let filesDir: string;
beforeAll(async () => {
  t = await createTestApp();
  filesDir = path.join(t.deps.config.dataDir, 'files');
});
afterAll(() => t.close());

/** A file written `minutesAgo` minutes before the test clock's now. */
async function fileOf(key: string, minutesAgo: number) {
  const full = path.join(filesDir, key);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, 'bytes');
  const at = new Date(t.clock.now().getTime() - minutesAgo * 60_000);
  await utimes(full, at, at);
  return full;
}

describe('the orphan-file sweep', () => {
  it('deletes old files no row names and old temporaries; keeps every referenced file and every recent one', async () => {
    const { student, district, school } = await t.factories.school();
    const passage = await t.factories.passage();
    const worksheet = await t.factories.worksheet(student, passage.id);
    const audio = await fileOf('recordings/1/11111111-1111-4111-8111-111111111111.webm', 120);
    await t.db.insert(recordings).values({
      worksheetId: worksheet.id,
      studentId: student.id,
      schoolId: school.id,
      districtId: district.id,
      fileKey: 'recordings/1/11111111-1111-4111-8111-111111111111.webm',
      mimeType: 'audio/webm',
      sizeBytes: 5,
      durationMs: 1000,
    });
    const picture = await fileOf('profile-pics/2/22222222-2222-4222-8222-222222222222.png', 120);
    await t.db
      .update(users)
      .set({ profilePicKey: 'profile-pics/2/22222222-2222-4222-8222-222222222222.png' })
      .where(eq(users.id, student.id));
    const screenshot = await fileOf('contact/33333333-3333-4333-8333-333333333333.png', 120);
    await t.db.insert(contactMessages).values({
      name: 'A parent',
      email: 'parent@example.org',
      message: 'Hello',
      attachmentKey: 'contact/33333333-3333-4333-8333-333333333333.png',
    });
    const orphan = await fileOf('recordings/1/44444444-4444-4444-8444-444444444444.webm', 120);
    const uploadingNow = await fileOf('recordings/1/55555555-5555-4555-8555-555555555555.webm', 10);
    const oldTemporary = await fileOf('.incoming/66666666-6666-4666-8666-666666666666', 120);
    const newTemporary = await fileOf('.incoming/77777777-7777-4777-8777-777777777777', 10);

    expect(await sweepOrphanFiles(t.deps)).toEqual({ temporaries: 1, orphans: 1 });

    expect([audio, picture, screenshot, uploadingNow, newTemporary].map(existsSync)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([orphan, oldTemporary].map(existsSync)).toEqual([false, false]);
  });
});

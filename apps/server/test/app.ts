/**
 * The real application against a fresh database, with a clock the test can move and its own DATA_DIR
 * (outbox, files). Requests go through `app.inject()`; nothing of our own server is mocked.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { buildApp, type AppOptions } from '../src/http/app.js';
import { createServerDeps } from '../src/server-deps.js';
import type { Clock } from '../src/platform/clock.js';
import { createTestDatabase } from './database.js';
import { createFactories, TEST_PASSWORD } from './factories.js';

export class TestClock implements Clock {
  private current = new Date('2026-09-15T09:00:00Z');
  now = () => new Date(this.current);
  advanceMinutes(minutes: number) {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: AppOptions = { logger: false },
) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'readalong-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const clock = new TestClock();
  const deps = await createServerDeps(config, database.db, clock);
  const app = await buildApp(deps, options);
  await app.ready();

  const outboxDir = config.mail.outboxDir;
  return {
    app,
    db: database.db,
    deps,
    clock,
    factories: createFactories(database.db),
    /** Sends a request; `token` becomes the bearer token. */
    request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
      const { token, ...rest } = options;
      return app.inject({
        ...rest,
        headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    /** The mails written to the outbox folder, oldest first. */
    async outbox(): Promise<string[]> {
      const names = (await readdir(outboxDir).catch(() => [] as string[])).sort();
      return Promise.all(names.map((name) => readFile(path.join(outboxDir, name), 'utf8')));
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Signs in through the API and returns the session user (with its tokens). */
export async function signIn(test: { app: FastifyInstance }, username: string, password = TEST_PASSWORD) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  return response.json<{ access_token: string; refresh_token: string; user_id: number }>();
}

export { TEST_PASSWORD };

/**
 * A school seen from every side: a student and a classmate, their teacher, owner and department head, and a
 * teacher of another district, each already signed in (`token`).
 */
export async function signedInCast(test: TestApp) {
  const world = await test.factories.school();
  const outsider = await test.factories.school();
  const classmate = await test.factories.student(
    { districtId: world.district.id, schoolId: world.school.id },
    world.class.id,
  );
  const people = {
    student: world.student,
    classmate,
    teacher: world.teacher,
    owner: world.owner,
    head: world.head,
    outsider: outsider.teacher,
  };
  const token = {} as Record<keyof typeof people, string>;
  for (const [key, person] of Object.entries(people) as [keyof typeof people, { username: string }][]) {
    token[key] = (await signIn(test, person.username)).access_token;
  }
  return { world, outsider, classmate, token };
}

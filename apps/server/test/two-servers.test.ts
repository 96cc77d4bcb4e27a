/**
 * Several servers, one database (docs/rules.md O10–O15): two instances of the app on one PostgreSQL database and
 * one S3 bucket, as behind a load balancer, each with its own connection pool and DATA_DIR, sharing SECRET_KEY.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { splitWords } from '@readalong/content';
import { Recording } from '@readalong/contracts';
import { loadConfig } from '../src/config.js';
import { applyMigrations, connect, ensureDatabase } from '../src/db/database.js';
import { runOnOneServer } from '../src/db/single-runner.js';
import { passagePages, recordings } from '../src/db/schema/index.js';
import type { Deps } from '../src/deps.js';
import { buildApp } from '../src/http/app.js';
import { narrationService } from '../src/modules/library/narration.js';
import { createAudioRetention } from '../src/modules/recordings/retention.js';
import type { Speech } from '../src/platform/speech.js';
import type { Storage } from '../src/platform/storage/storage.js';
import { encodeWav } from '../src/platform/wav.js';
import { createServerDeps } from '../src/server-deps.js';
import { signIn, TEST_PASSWORD, TestClock } from './app.js';
import { createTestDatabase } from './database.js';
import { createFactories } from './factories.js';
import { dropDatabase, withDatabase } from './global-setup.js';
import { expectError } from './ladder.js';
import { startS3Peer, type S3Peer } from './s3-peer.js';

const SECRET_KEY = 'one-secret-key-for-every-server-of-the-district';
const DAY = 24 * 60;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let peer: S3Peer;
let factories: ReturnType<typeof createFactories>;
/** Both servers' clock: servers keep the same time. */
const clock = new TestClock();
let a: Server;
let b: Server;

/** One server: its own pool on the shared database, its own DATA_DIR, the shared bucket. */
async function startServer(env: Record<string, string> = {}) {
  const handle = connect(database.url);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'readalong-server-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    SECRET_KEY,
    ...peer.env,
    ...env,
  });
  const deps = await createServerDeps(config, handle.db, clock);
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    request({ token, ...options }: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
      return app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await app.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
type Server = Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  peer = await startS3Peer();
  factories = createFactories(database.db);
  [a, b] = await Promise.all([startServer(), startServer()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await peer?.close();
  await database?.close();
});

/**
 * Lets two servers' work overlap for certain: each arrives once (when it reaches the work, or when it ends
 * without it), and `together` resolves when both have.
 */
function meeting() {
  const arrived = new Set<Server>();
  let open!: () => void;
  const together = new Promise<void>((resolve) => (open = resolve));
  return {
    together,
    arrive(server: Server) {
      arrived.add(server);
      if (arrived.size === 2) open();
    },
  };
}

describe('start', () => {
  it('two servers starting together on an empty database migrate it between them, each migration once', async () => {
    const adminUrl = inject('adminUrl');
    const name = `readalong_empty_${randomBytes(6).toString('hex')}`;
    await ensureDatabase(adminUrl, name);
    const pools = [connect(withDatabase(adminUrl, name)), connect(withDatabase(adminUrl, name))];
    try {
      await Promise.all(pools.map((handle) => applyMigrations(handle.db)));
      const twice = await pools[0]!.pool.query(
        'SELECT hash FROM drizzle.__drizzle_migrations GROUP BY hash HAVING count(*) > 1',
      );
      expect(twice.rows).toEqual([]);
      const users = await pools[1]!.pool.query('SELECT count(*)::int AS count FROM users');
      expect(users.rows).toEqual([{ count: 0 }]);
    } finally {
      for (const handle of pools) await handle.close();
      await dropDatabase(adminUrl, name);
    }
  });
});

describe('sessions', () => {
  it('a session made on one server is honoured by the other, and a logout on one ends it on both', async () => {
    const world = await factories.school();
    const session = await signIn(a, world.student.username);
    const profile = await b.request({ method: 'GET', url: '/api/profile', token: session.access_token });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ username: world.student.username });

    const logout = await a.request({ method: 'POST', url: '/api/logout', token: session.access_token });
    expect(logout.statusCode, logout.body).toBe(200);
    const ended = await b.request({ method: 'GET', url: '/api/profile', token: session.access_token });
    expect(expectError(ended, 401).message).toBe('session has ended');
  });

  it('a server with a SECRET_KEY of its own refuses the others’ sessions', async () => {
    const world = await factories.school();
    const session = await signIn(a, world.teacher.username);
    const stranger = await startServer({ SECRET_KEY: 'another-secret-key-another-server-has' });
    try {
      expectError(
        await stranger.request({ method: 'GET', url: '/api/profile', token: session.access_token }),
        401,
      );
    } finally {
      await stranger.close();
    }
  });
});

describe('sign-in lockout', () => {
  it('10 wrong passwords split between the servers lock the username and address on both', async () => {
    const world = await factories.school();
    const login = (server: Server, password: string) =>
      server.request({
        method: 'POST',
        url: '/api/login',
        payload: { username: world.student.username, password },
        remoteAddress: '10.4.4.4',
      });
    for (let attempt = 0; attempt < 5; attempt++) {
      expectError(await login(a, 'wrong password'), 401);
      expectError(await login(b, 'wrong password'), 401);
    }
    expectError(await login(a, TEST_PASSWORD), 429);
    expectError(await login(b, TEST_PASSWORD), 429);
  });
});

describe('work for one server at a time', () => {
  it('runs on one server while the other skips it, and a run that fails leaves the work to the next', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const onA = runOnOneServer(a.deps.db, 'the test’s job', async () => {
      started();
      await held;
      return 'done on A';
    });
    await running;
    // While A runs it, B is told it is taken (A holds the lock on a connection of its own).
    expect(await runOnOneServer(b.deps.db, 'the test’s job', async () => 'done on B')).toEqual({
      ran: false,
    });
    release();
    expect(await onA).toEqual({ ran: true, value: 'done on A' });

    await expect(
      runOnOneServer(a.deps.db, 'the test’s job', () => Promise.reject(new Error('the job failed'))),
    ).rejects.toThrow('the job failed');
    expect(await runOnOneServer(b.deps.db, 'the test’s job', async () => 'done on B')).toEqual({
      ran: true,
      value: 'done on B',
    });
    expect(await runOnOneServer(a.deps.db, 'the test’s job', async () => 'done on A')).toEqual({
      ran: true,
      value: 'done on A',
    });
  });
});

describe('audio retention', () => {
  /** A WAV of a 440 Hz tone. */
  const wav = (seconds: number, sampleRate = 8000) =>
    encodeWav(
      Float32Array.from(
        { length: seconds * sampleRate },
        (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / sampleRate),
      ),
      sampleRate,
    );
  const BOUNDARY = '----readalong-two-servers';
  const upload = (file: Buffer) => ({
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="duration_ms"\r\n\r\n6000\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="take.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });

  it('both servers sweeping at once delete each expired audio once', async () => {
    const world = await factories.school();
    const passage = await factories.passage();
    const { access_token } = await signIn(a, world.student.username);
    const ids: number[] = [];
    for (let take = 0; take < 3; take++) {
      const worksheet = await factories.worksheet(world.student, passage.id);
      const response = await a.request({
        method: 'POST',
        url: `/api/v1/worksheets/${worksheet.id}/recording`,
        token: access_token,
        ...upload(wav(6)),
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(Recording.parse(response.json()).id);
    }
    const keys = await Promise.all(
      ids.map(async (id) => {
        const [row] = await database.db.select().from(recordings).where(eq(recordings.id, id));
        return row!.fileKey!;
      }),
    );
    expect(await peer.keys()).toEqual(expect.arrayContaining(keys));
    clock.advanceMinutes(400 * DAY);

    const deletions: string[] = [];
    const lines: string[] = [];
    const overlap = meeting();
    const sweeperOf = (server: Server) => {
      const storage: Storage = {
        ...server.deps.storage,
        remove: async (key) => {
          overlap.arrive(server);
          await overlap.together;
          deletions.push(key);
          return server.deps.storage.remove(key);
        },
      };
      const log = {
        info: (details: object, message: string) => lines.push(`${message} ${JSON.stringify(details)}`),
        warn: (_: object, message: string) => lines.push(message),
        error: (_: object, message: string) => lines.push(message),
      };
      return { retention: createAudioRetention({ ...server.deps, storage }), log };
    };
    const sweepers = [sweeperOf(a), sweeperOf(b)];
    for (const { retention, log } of sweepers) retention.start(log); // as main.ts starts it on each server
    await Promise.all(
      sweepers.map(({ retention }, index) => retention.idle().then(() => overlap.arrive([a, b][index]!))),
    );
    for (const { retention } of sweepers) await retention.stop();

    expect(deletions.sort()).toEqual([...keys].sort());
    expect(lines.sort()).toEqual([
      'audio retention: another server is sweeping {}',
      'audio retention: swept {"deleted":3,"failed":0}',
    ]);
    for (const key of keys) expect(await peer.keys()).not.toContain(key);
    const rows = await database.db
      .select()
      .from(recordings)
      .where(eq(recordings.studentId, world.student.id));
    expect(rows.map((row) => row.fileKey)).toEqual([null, null, null]);
  });
});

describe('background narration', () => {
  it('both servers’ jobs narrate each missing page once between them', async () => {
    const texts = [
      'Sam has a red kite.',
      'The kite flies over the hill.',
      'Sam runs after it.',
      'Sam is glad.',
    ];
    const passage = await factories.passage({ pages: texts });
    const spoken: string[] = [];
    const overlap = meeting();
    /** A synthesiser double: each server starts speaking only once both are speaking (or one has finished). */
    const speechOf = (server: Server): Speech => ({
      unavailableReason: null,
      voice: 'test voice',
      extension: 'mp3',
      async narrate(text, words) {
        overlap.arrive(server);
        await overlap.together;
        spoken.push(text);
        return {
          audio: Buffer.from(`audio of ${text}`),
          durationMs: words.length * 500,
          timings: words.map((word, index) => ({ word, startMs: index * 500, endMs: index * 500 + 400 })),
          aligned: true,
        };
      },
      speak: () => Promise.reject(new Error('no single words here')),
    });
    const quiet = { info() {}, warn() {} };
    const jobs = [a, b].map((server) => {
      const deps: Deps = { ...server.deps, speech: speechOf(server) };
      const job = narrationService(deps).startBackgroundJob(quiet);
      return job.done.then((outcome) => {
        overlap.arrive(server);
        return outcome;
      });
    });
    const [fromA, fromB] = await Promise.all(jobs);

    // Earlier tests' passages are missing narration too; no text is spoken twice, this passage's once each.
    expect(spoken).toHaveLength(new Set(spoken).size);
    expect(spoken.filter((text) => texts.includes(text)).sort()).toEqual([
      'Sam has a red kite.',
      'Sam is glad.',
      'Sam runs after it.',
      'The kite flies over the hill.',
    ]);
    expect(fromA!.failed + fromB!.failed).toBe(0);
    const pages = await database.db
      .select()
      .from(passagePages)
      .where(eq(passagePages.passageId, passage.id))
      .orderBy(passagePages.pageNum);
    expect(pages.map((page) => page.wordTimings?.length)).toEqual(
      texts.map((text) => splitWords(text).length),
    );
  });
});

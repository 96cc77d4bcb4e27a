import { contracts, routePath, type Recording } from '@readalong/contracts';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { createFailingIndexedDb, createFakeIndexedDb, createHangingIndexedDb } from '@/test/fake-indexed-db';
import { buildRecording } from '@/test/factories';
import { server } from '@/test/server';
import {
  createRecordingOutbox,
  indexedDbBackend,
  memoryBackend,
  RETRY_BASE_MS,
  useRecordingOutbox,
  type OutboxBackend,
  type PendingRecording,
  type RecordingOutbox,
} from './recording-outbox';

const uploaded = (request: Request): Recording =>
  buildRecording({ worksheet_id: Number(new URL(request.url).pathname.split('/').at(-2)) });

const take = {
  worksheetId: 900,
  file: new Blob(['audio'], { type: 'audio/webm' }),
  durationMs: 3000,
  numReRecording: 0,
};
const uploadPath = API_BASE + routePath(contracts.uploadRecording);

const outboxes: RecordingOutbox[] = [];
const outboxOf = (...args: Parameters<typeof createRecordingOutbox>) => {
  const outbox = createRecordingOutbox(...args);
  outboxes.push(outbox);
  return outbox;
};

afterEach(async () => {
  await Promise.all(outboxes.splice(0).map((outbox) => outbox.clear()));
});

/** A take of user 7 already in the store, recorded at `createdAt`. */
const kept = (id: string, createdAt: string, extra: Partial<PendingRecording> = {}): PendingRecording => ({
  id,
  userId: 7,
  ...take,
  createdAt,
  status: 'waiting',
  message: null,
  ...extra,
});

/** A store holding `takes`, listed in the order given (not the order recorded). */
async function storeWith(...takes: PendingRecording[]): Promise<OutboxBackend> {
  const backend = memoryBackend();
  for (const recording of takes) await backend.put(recording);
  return backend;
}

/** The worksheet each upload was for, in the order they reached the server. */
const worksheetsOf = (requests: Request[]) =>
  requests.map((request) => Number(new URL(request.url).pathname.split('/').at(-2)));

/** What a screen showing the outbox sees at each change: how many wait, and whether one is on its way. */
function watch(outbox: RecordingOutbox) {
  const seen: string[] = [];
  const leave = outbox.subscribe(() => {
    const { waiting, sending } = outbox.getState();
    seen.push(`${waiting} waiting${sending ? ', sending' : ''}`);
  });
  return { seen, leave };
}

/** An upload answer that waits until `release()`: the child is still on a slow connection. */
function slowUploads() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const uploads = countCalls('uploadRecording', async (request) => {
    await released;
    return uploaded(request);
  });
  return { uploads, release };
}

describe('the recording outbox', () => {
  it('keeps a take through a dropped connection and a closed tab, then sends it exactly once', async () => {
    await signedInAs({ login_role: 'student' });
    server.use(http.post(uploadPath, () => HttpResponse.error()));
    const backend = memoryBackend();
    const first = outboxOf(backend);

    await first.add(take);
    await first.retryNow();
    expect(first.getState()).toMatchObject({ waiting: 1, sending: false });
    first.stop();

    // The tab closed; later the app starts again over the same store, and the connection is back.
    const uploads = countCalls('uploadRecording', uploaded);
    const reopened = outboxOf(backend);
    await reopened.retryNow();
    await reopened.retryNow();

    expect(uploads.count()).toBe(1);
    expect(reopened.getState().waiting).toBe(0);
    expect(await backend.all()).toEqual([]);
  });

  it('tries again on its own, later and later, until the server answers', async () => {
    await signedInAs({ login_role: 'student' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    server.use(
      http.post(uploadPath, ({ request }) => {
        calls += 1;
        return calls < 3 ? HttpResponse.error() : HttpResponse.json(uploaded(request), { status: 201 });
      }),
    );
    const outbox = outboxOf(memoryBackend());

    await outbox.add(take);
    await vi.waitFor(() => expect(calls).toBe(1));
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    await vi.waitFor(() => expect(calls).toBe(2));
    // The second wait is twice as long.
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS);
    await vi.waitFor(() => expect(outbox.getState().waiting).toBe(0));
    expect(calls).toBe(3);
  });

  it('keeps a refused take with the server’s message and does not send it again', async () => {
    await signedInAs({ login_role: 'student' });
    const uploads = countCalls('uploadRecording', () =>
      errorAnswer(413, 'payload_too_large', 'A recording is at most 25 MB.'),
    );
    const outbox = outboxOf(memoryBackend());

    await outbox.add(take);
    await outbox.retryNow();
    await outbox.retryNow();

    expect(uploads.count()).toBe(1);
    expect(outbox.getState().refused).toMatchObject([
      { status: 'refused', message: 'A recording is at most 25 MB.' },
    ]);
    await outbox.discard(outbox.getState().refused[0]!.id);
    expect(outbox.getState().refused).toEqual([]);
  });

  it.each([401, 408, 425, 429, 500, 503])(
    'keeps the take waiting after a %i: the server did not refuse the recording',
    async (status) => {
      await signedInAs({ login_role: 'student', user_id: 7 });
      countCalls('uploadRecording', () => errorAnswer(status, 'too_many_requests', 'Not now.'));
      // A 401 that a refresh cannot mend ends the session; the take still waits for the child's next sign-in.
      answer('refresh', () => errorAnswer(401, 'unauthenticated', 'refresh token has expired'));
      answer('logout', () => ({ success: true }));
      const backend = memoryBackend();
      const outbox = outboxOf(backend, () => 7);

      await outbox.add(take);
      await outbox.retryNow();
      outbox.stop();

      expect(await backend.all()).toMatchObject([{ userId: 7, status: 'waiting', message: null }]);
      expect(outbox.getState()).toMatchObject({ waiting: 1, refused: [] });
    },
  );

  it.each([400, 404, 415, 422, 499])('keeps the take as refused after a %i', async (status) => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    countCalls('uploadRecording', () => errorAnswer(status, 'bad_request', 'Not this file.'));
    const backend = memoryBackend();
    const outbox = outboxOf(backend, () => 7);

    await outbox.add(take);
    await outbox.retryNow();

    expect(await backend.all()).toMatchObject([{ status: 'refused', message: 'Not this file.' }]);
  });

  it('sends only the signed-in child’s takes', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    const backend = memoryBackend();
    await backend.put({
      id: 'someone-else',
      userId: 8,
      ...take,
      createdAt: '2030-01-01T00:00:00.000Z',
      status: 'waiting',
      message: null,
    });
    const uploads = countCalls('uploadRecording', uploaded);

    await outboxOf(backend).retryNow();

    expect(uploads.count()).toBe(0);
    expect(await backend.all()).toHaveLength(1);
  });
});

describe('the IndexedDB store', () => {
  it('keeps, lists and removes takes by id', async () => {
    const backend = indexedDbBackend(createFakeIndexedDb().factory);
    // The fake clones values as IndexedDB does; jsdom's Blob does not survive cloning, so a stand-in is kept.
    const stored: PendingRecording = {
      id: 'a',
      userId: 7,
      ...take,
      file: { size: 5 } as unknown as Blob,
      createdAt: '2030-01-01T00:00:00.000Z',
      status: 'waiting',
      message: null,
    };

    await backend.put(stored);
    await backend.put({ ...stored, id: 'b' });
    expect((await backend.all()).map(({ id }) => id).sort()).toEqual(['a', 'b']);
    await backend.delete('a');
    expect(await backend.all()).toMatchObject([{ id: 'b', durationMs: 3000 }]);
  });
});

describe('what the child sees of the outbox', () => {
  it('shows nothing waiting, nothing refused and nothing sending before it has looked', () => {
    const outbox = outboxOf(memoryBackend(), () => 7);
    expect(outbox.getState()).toEqual({ waiting: 0, waitingIds: [], refused: [], sending: false });
  });

  it('lists waiting takes oldest first and sends them in the order they were recorded', async () => {
    const backend = await storeWith(
      kept('third', '2026-09-15T09:03:00.000Z', { worksheetId: 903 }),
      kept('first', '2026-09-15T09:01:00.000Z', { worksheetId: 901 }),
      kept('second', '2026-09-15T09:02:00.000Z', { worksheetId: 902 }),
    );
    const outbox = outboxOf(backend, () => 7);
    await outbox.refresh();
    expect(outbox.getState()).toMatchObject({ waiting: 3, waitingIds: ['first', 'second', 'third'] });

    const uploads = countCalls('uploadRecording', uploaded);
    await outbox.retryNow();

    // All three in one run, each to its own worksheet.
    expect(worksheetsOf(uploads.requests)).toEqual([901, 902, 903]);
    expect(outbox.getState()).toMatchObject({ waiting: 0, waitingIds: [] });
  });

  it('logs the recording activity of an acknowledged take, with its worksheet and re-recordings (C21)', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    countCalls('uploadRecording', uploaded);
    const logged = countCalls('logRecordingActivity', () => ({ success: true }));
    const outbox = outboxOf(
      await storeWith(kept('take', '2026-09-15T09:01:00.000Z', { worksheetId: 904, numReRecording: 2 })),
      () => 7,
    );
    await outbox.retryNow();
    await vi.waitFor(() => expect(logged.count()).toBe(1));
    expect(await logged.requests[0]!.json()).toEqual({ worksheet_id: 904, num_re_recording: 2 });
  });

  it('counts a refused take as refused, not as waiting', async () => {
    const refused = kept('refused', '2026-09-15T09:01:00.000Z', { status: 'refused', message: 'Too long.' });
    const outbox = outboxOf(await storeWith(refused, kept('waiting', '2026-09-15T09:02:00.000Z')), () => 7);
    await outbox.refresh();
    expect(outbox.getState()).toEqual({
      waiting: 1,
      waitingIds: ['waiting'],
      refused: [refused],
      sending: false,
    });
  });

  it('tells its subscribers each step of a run, and stops telling one who left', async () => {
    const backend = await storeWith(
      kept('a', '2026-09-15T09:01:00.000Z'),
      kept('b', '2026-09-15T09:02:00.000Z'),
    );
    const outbox = outboxOf(backend, () => 7);
    countCalls('uploadRecording', uploaded);
    const screen = watch(outbox);

    await outbox.retryNow();
    expect(screen.seen).toEqual([
      '2 waiting, sending',
      '1 waiting, sending',
      '0 waiting, sending',
      '0 waiting',
    ]);

    screen.leave();
    await backend.put(kept('c', '2026-09-15T09:03:00.000Z'));
    await outbox.refresh();
    expect(screen.seen).toHaveLength(4);
    expect(outbox.getState().waiting).toBe(1);
  });

  it('with nothing to send, never shows a take on its way', async () => {
    const outbox = outboxOf(memoryBackend(), () => 7);
    const screen = watch(outbox);
    await outbox.retryNow();
    expect(screen.seen).toEqual(['0 waiting']);
  });

  it('shows nothing waiting, rather than failing, when the store cannot be read', async () => {
    const unreadable: OutboxBackend = {
      ...memoryBackend(),
      all: () => Promise.reject(new Error('disk gone')),
    };
    // Not kept for afterEach's clear(), which reads the store.
    const outbox = createRecordingOutbox(unreadable, () => 7);
    await outbox.refresh();
    expect(outbox.getState()).toMatchObject({ waiting: 0, refused: [] });
  });

  it('keeps nothing and asks to sign in when nobody is signed in', async () => {
    const backend = memoryBackend();
    const outbox = outboxOf(backend, () => null);
    await expect(outbox.add(take)).rejects.toThrow('Sign in to send a recording.');
    expect(await backend.all()).toEqual([]);
  });

  it('names a take with the browser’s own random UUID where there is one', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    server.use(http.post(uploadPath, () => HttpResponse.error()));
    vi.spyOn(crypto, 'randomUUID').mockReturnValue('11111111-2222-4333-8444-555555555555');
    const outbox = outboxOf(memoryBackend(), () => 7);
    try {
      expect(await outbox.add(take)).toBe('11111111-2222-4333-8444-555555555555');
    } finally {
      vi.restoreAllMocks();
      outbox.stop();
    }
  });

  it('is what a component shows, updated as takes come in', async () => {
    server.use(http.post(uploadPath, () => HttpResponse.error()));
    const outbox = outboxOf(memoryBackend(), () => 7);
    const { result } = renderHook(() => useRecordingOutbox(outbox));
    expect(result.current.waiting).toBe(0);
    await outbox.add(take);
    await waitFor(() => expect(result.current).toMatchObject({ waiting: 1, sending: false }));
    outbox.stop();
  });
});

describe('a run of the outbox', () => {
  it('sends a take recorded during an upload in the same run, and a second “try now” sends nothing twice', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    const backend = await storeWith(kept('early', '2026-09-15T09:01:00.000Z', { worksheetId: 901 }));
    const outbox = outboxOf(backend, () => 7);
    const { uploads, release } = slowUploads();

    const run = outbox.retryNow();
    await vi.waitFor(() => expect(uploads.count()).toBe(1));
    const again = outbox.retryNow();
    await outbox.add({ ...take, worksheetId: 902 });
    release();
    await Promise.all([run, again]);

    expect(worksheetsOf(uploads.requests)).toEqual([901, 902]);
    expect(await backend.all()).toEqual([]);
    expect(outbox.getState()).toMatchObject({ waiting: 0, sending: false });
  });

  it('keeps a take whose upload failed, and stop() ends the retries (the tab closed)', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    server.use(http.post(uploadPath, () => ((calls += 1), HttpResponse.error())));
    const backend = await storeWith(kept('take', '2026-09-15T09:01:00.000Z'));
    const outbox = outboxOf(backend, () => 7);

    await outbox.retryNow();
    expect(outbox.getState()).toMatchObject({ waiting: 1, sending: false });
    outbox.stop();
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * 4);

    expect(calls).toBe(1);
    expect(await backend.all()).toMatchObject([{ id: 'take', status: 'waiting' }]);
  });

  it('clear() forgets every user’s takes, shows nothing and ends the retries', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    server.use(http.post(uploadPath, () => ((calls += 1), HttpResponse.error())));
    const backend = await storeWith(
      kept('other child', '2026-09-15T09:01:00.000Z', { userId: 8 }),
      kept('mine', '2026-09-15T09:02:00.000Z'),
    );
    const outbox = outboxOf(backend, () => 7);
    await outbox.retryNow();
    expect(outbox.getState()).toMatchObject({ waiting: 1, waitingIds: ['mine'] });
    expect(calls).toBe(1);

    await outbox.clear();
    await vi.advanceTimersByTimeAsync(RETRY_BASE_MS * 4);

    expect(await backend.all()).toEqual([]);
    expect(outbox.getState()).toEqual({ waiting: 0, waitingIds: [], refused: [], sending: false });
    expect(calls).toBe(1);
  });
});

describe('the IndexedDB store when the browser’s IndexedDB misbehaves', () => {
  const stand = (id: string): PendingRecording => ({
    ...kept(id, '2030-01-01T00:00:00.000Z'),
    file: { size: 5 } as unknown as Blob,
  });

  it('answers a write only once it is committed (the take is on disk), a read at once', async () => {
    const fake = createFakeIndexedDb();
    const backend = indexedDbBackend(fake.factory);
    await backend.put(stand('a'));
    const commits = fake.holdCommits();
    let written = false;
    const writing = backend.put(stand('b')).then(() => (written = true));

    expect((await backend.all()).map(({ id }) => id).sort()).toEqual(['a', 'b']);
    expect(written).toBe(false);
    commits.release();
    await writing;
    expect(written).toBe(true);
  });

  it.each([
    ['the disk is full at commit', 'commit', 'QuotaExceededError'],
    ['the value is refused', 'request', 'DataCloneError'],
  ] as const)('fails a write with the browser’s error when %s', async (_, at, name) => {
    const fake = createFakeIndexedDb();
    const backend = indexedDbBackend(fake.factory);
    fake.failNextWrite({ at, error: new DOMException('No.', name) });
    await expect(backend.put(stand('a'))).rejects.toMatchObject({ name });
  });

  it.each([
    ['commit', 'IndexedDB transaction aborted'],
    ['request', 'IndexedDB request failed'],
  ] as const)(
    'fails a write that the browser gives no reason for (at %s) with its own',
    async (at, message) => {
      const fake = createFakeIndexedDb();
      const backend = indexedDbBackend(fake.factory);
      fake.failNextWrite({ at, error: null });
      await expect(backend.put(stand('a'))).rejects.toThrow(message);
    },
  );

  it('fails at once with the browser’s reason when it cannot open (private mode)', async () => {
    await expect(indexedDbBackend(createFailingIndexedDb()).all()).rejects.toMatchObject({
      name: 'InvalidStateError',
    });
    await expect(indexedDbBackend(createFailingIndexedDb(null)).all()).rejects.toThrow(
      'IndexedDB did not open',
    );
  });

  it('gives up after 2 s when opening never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let outcome = 'pending';
    const opening = indexedDbBackend(createHangingIndexedDb())
      .all()
      .catch((error: Error) => void (outcome = error.message));
    await vi.advanceTimersByTimeAsync(1999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await opening;
    expect(outcome).toBe('IndexedDB did not open');
  });
});

describe('what an upload carries', () => {
  it('the take’s audio, duration, re-recordings and its own id, so a retried upload is stored once (C21)', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    const uploads = countCalls('uploadRecording', uploaded);
    const outbox = outboxOf(memoryBackend(), () => 7);

    const id = await outbox.add({ ...take, numReRecording: 2 });
    await vi.waitFor(() => expect(uploads.count()).toBe(1));

    // Read as the multipart text it is: formData() would make the audio part a jsdom File, which Node 24 refuses;
    // and Node 24's fetch sends a jsdom Blob's bytes empty, so the audio part is checked by its name and type.
    const body = await uploads.requests[0]!.text();
    const field = (name: string) => body.match(new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`))?.[1];
    expect({
      duration_ms: field('duration_ms'),
      num_re_recording: field('num_re_recording'),
      client_recording_id: field('client_recording_id'),
    }).toEqual({ duration_ms: '3000', num_re_recording: '2', client_recording_id: id });
    expect(body).toMatch(/name="file"; filename="[^"]+"\r\nContent-Type: audio\/webm\r\n/);
  });
});

describe('where the IndexedDB store keeps takes', () => {
  /** The values of one object store, read as another version of the app would read them. */
  function readStore(factory: IDBFactory, database: string, store: string) {
    return new Promise<unknown[]>((resolve, reject) => {
      const request = factory.open(database, 1);
      request.onsuccess = () => {
        const found = request.result;
        if (!found.objectStoreNames.contains(store))
          return reject(new Error(`No store ${store} in ${database}`));
        const read = found.transaction(store, 'readonly').objectStore(store).getAll();
        read.onsuccess = () => resolve(read.result);
      };
    });
  }

  it('in the database and store earlier versions used, so an update of the app strands no take', async () => {
    const browser = createFakeIndexedDb();
    await indexedDbBackend(browser.factory).put({
      ...kept('a', '2030-01-01T00:00:00.000Z'),
      file: { size: 5 } as unknown as Blob,
    });
    expect(await readStore(browser.factory, 'readalong-recordings', 'outbox')).toMatchObject([{ id: 'a' }]);
  });
});

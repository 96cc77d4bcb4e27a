import { contracts, routePath, type Recording } from '@readalong/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { answer, errorAnswer } from '@/test/api-mocks';
import { countCalls, signedInAs } from '@/test/auth';
import { createFakeIndexedDb } from '@/test/fake-indexed-db';
import { buildRecording } from '@/test/factories';
import { server } from '@/test/server';
import {
  createRecordingOutbox,
  indexedDbBackend,
  memoryBackend,
  RETRY_BASE_MS,
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

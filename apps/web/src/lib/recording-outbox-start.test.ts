/**
 * When the outbox sends on its own (docs/rules.md C21): at start, when the browser comes back online and when a
 * child signs in; and the take's id where `crypto.randomUUID` is missing. Apart from recording-outbox.test.ts
 * because these use the app's one outbox, whose listeners are registered once per page.
 */
import { contracts, routePath, type Recording } from '@readalong/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { countCalls, signedInAs } from '@/test/auth';
import { createFailingIndexedDb, createFakeIndexedDb } from '@/test/fake-indexed-db';
import { buildRecording } from '@/test/factories';
import { server } from '@/test/server';
import {
  createRecordingOutbox,
  indexedDbBackend,
  memoryBackend,
  recordingOutbox,
  startRecordingOutbox,
} from './recording-outbox';

const take = {
  worksheetId: 900,
  file: new Blob(['audio'], { type: 'audio/webm' }),
  durationMs: 3000,
  numReRecording: 0,
};
const uploaded = (): Recording => buildRecording({ worksheet_id: 900 });
const offline = () =>
  server.use(http.post(API_BASE + routePath(contracts.uploadRecording), () => HttpResponse.error()));

afterEach(async () => {
  recordingOutbox.stop();
  await recordingOutbox.clear();
});

describe('the outbox sends on its own', () => {
  it('at start, when the browser comes online, and when the child signs in again', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    let attempts = 0;
    server.use(
      http.post(
        API_BASE + routePath(contracts.uploadRecording),
        () => ((attempts += 1), HttpResponse.error()),
      ),
    );
    await recordingOutbox.add(take);
    startRecordingOutbox();
    // The add's run and the start's both failed, and nothing is on its way: the next try waits for its timer.
    await vi.waitFor(() => {
      expect(attempts).toBe(2);
      expect(recordingOutbox.getState()).toMatchObject({ waiting: 1, sending: false });
    });

    // Another child signs in on the same tablet: nothing of theirs to send. The first child comes back: theirs goes.
    const uploads = countCalls('uploadRecording', uploaded);
    await signedInAs({ login_role: 'student', user_id: 8 });
    await signedInAs({ login_role: 'student', user_id: 7 });
    await vi.waitFor(() => expect(uploads.count()).toBe(1));
    await vi.waitFor(() => expect(recordingOutbox.getState().waiting).toBe(0));

    offline();
    await recordingOutbox.add(take);
    const later = countCalls('uploadRecording', uploaded);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(later.count()).toBe(1));
  });

  it('a given outbox sends its waiting takes when started', async () => {
    await signedInAs({ login_role: 'student', user_id: 7 });
    const backend = memoryBackend();
    await backend.put({
      id: 'kept',
      userId: 7,
      ...take,
      createdAt: '2030-01-01T00:00:00.000Z',
      status: 'waiting',
      message: null,
    });
    const uploads = countCalls('uploadRecording', uploaded);

    startRecordingOutbox(createRecordingOutbox(backend));

    await vi.waitFor(() => expect(uploads.count()).toBe(1));
    expect(await backend.all()).toEqual([]);
  });
});

describe('a take’s id', () => {
  it.each([
    [0xff, 'ffffffff-ffff-4fff-bfff-ffffffffffff'],
    [0x00, '00000000-0000-4000-8000-000000000000'],
  ])(
    'is a version 4 UUID even without crypto.randomUUID (pages not served over HTTPS): %i',
    async (fill, uuid) => {
      await signedInAs({ login_role: 'student', user_id: 7 });
      offline();
      const backend = memoryBackend();
      const outbox = createRecordingOutbox(backend);
      vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
        new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(fill);
        return array;
      });
      const randomUUID = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      try {
        await outbox.add(take);
      } finally {
        if (randomUUID) Object.defineProperty(crypto, 'randomUUID', randomUUID);
        else delete (crypto as { randomUUID?: unknown }).randomUUID;
        vi.restoreAllMocks();
        outbox.stop();
      }
      // Every random bit set, or none: only the version (4) and variant (10xx) bits are forced, each byte two digits.
      expect((await backend.all()).map(({ id }) => id)).toEqual([uuid]);
    },
  );
});

describe('which store the app’s outbox keeps takes in (C21)', () => {
  /** The app's one outbox as a page loading in a browser with this IndexedDB builds it, user 7 signed in. */
  async function appOutboxIn(indexedDb: IDBFactory) {
    vi.resetModules();
    vi.stubGlobal('indexedDB', indexedDb);
    vi.doMock('./auth-store', () => ({
      authStore: { getState: () => ({ user: { user_id: 7 } }), subscribe: () => () => undefined },
    }));
    const { recordingOutbox: outbox } = await import('./recording-outbox');
    return outbox;
  }
  afterEach(() => {
    vi.doUnmock('./auth-store');
    vi.resetModules();
  });

  it('IndexedDB where it opens, so a take outlives the tab', async () => {
    offline();
    const browser = createFakeIndexedDb();
    const outbox = await appOutboxIn(browser.factory);
    // The fake clones values as IndexedDB does; jsdom's Blob does not survive cloning, so a stand-in is kept.
    await outbox.add({ ...take, file: { size: 5 } as unknown as Blob });
    outbox.stop();

    // What the next page load finds in the same browser.
    expect(await indexedDbBackend(browser.factory).all()).toMatchObject([{ userId: 7, worksheetId: 900 }]);
    await outbox.clear();
    expect(await indexedDbBackend(browser.factory).all()).toEqual([]);
  });

  it('memory where IndexedDB cannot open (private mode), so recording still works', async () => {
    offline();
    const outbox = await appOutboxIn(createFailingIndexedDb());
    await outbox.add(take);
    outbox.stop();

    expect(outbox.getState()).toMatchObject({ waiting: 1 });
    await outbox.clear();
  });
});

/**
 * Read-aloud recordings waiting for the server (issue #5: "never lose a recording"). A take is written to this
 * browser's IndexedDB before its upload starts and removed only when the server acknowledges it (2xx). A dropped
 * connection, a 5xx or a closed tab leaves it waiting: it is sent again when the browser comes back online, when
 * `startRecordingOutbox()` runs after sign-in, and on a backoff timer. A 4xx (not audio, too big, too long) marks it
 * refused with the server's message; it stays until the child records again or discards it.
 *
 * lib/persistence.ts keeps JSON only; recordings are Blobs, so they have a small store of their own.
 */
import { useSyncExternalStore } from 'react';
import { api, ApiError } from './api-client';
import { authStore } from './auth-store';

export interface PendingRecording {
  id: string;
  /** Whose take it is: on a shared tablet, only the signed-in child's takes are sent, with their session. */
  userId: number;
  worksheetId: number;
  file: Blob;
  durationMs: number;
  numReRecording: number;
  createdAt: string;
  /** `refused`: the server answered 4xx; `message` is its reason. */
  status: 'waiting' | 'refused';
  message: string | null;
}

/** Where pending recordings are kept. */
export interface OutboxBackend {
  all(): Promise<PendingRecording[]>;
  put(recording: PendingRecording): Promise<void>;
  delete(id: string): Promise<void>;
}

const DATABASE_NAME = 'readalong-recordings';
const STORE_NAME = 'outbox';
const OPEN_TIMEOUT_MS = 2000;

const promised = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** The raw IndexedDB store: one object store of recordings keyed by id (Blobs are kept as they are). */
export function indexedDbBackend(factory: IDBFactory): OutboxBackend {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('IndexedDB did not open')), OPEN_TIMEOUT_MS);
      const request = factory.open(DATABASE_NAME, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE_NAME))
          request.result.createObjectStore(STORE_NAME);
      };
      request.onsuccess = () => {
        clearTimeout(timer);
        resolve(request.result);
      };
      request.onerror = () => {
        clearTimeout(timer);
        reject(request.error ?? new Error('IndexedDB did not open'));
      };
    }));
  const run = async <T>(mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest<T>) => {
    const transaction = (await database()).transaction(STORE_NAME, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
    // A failed request fails its transaction too: run() then rejects with the request's error and nobody awaits
    // `done`, whose rejection must not surface as an unhandled one (C21: the caller already hears the failure).
    done.catch(() => undefined);
    const result = await promised(operate(transaction.objectStore(STORE_NAME)));
    if (mode === 'readwrite') await done;
    return result;
  };
  return {
    all: () => run('readonly', (store) => store.getAll() as IDBRequest<PendingRecording[]>),
    put: async (recording) => void (await run('readwrite', (store) => store.put(recording, recording.id))),
    delete: async (id) => void (await run('readwrite', (store) => store.delete(id))),
  };
}

/** Where IndexedDB cannot be opened (some private modes): kept for as long as the tab is open. */
export function memoryBackend(): OutboxBackend {
  const recordings = new Map<string, PendingRecording>();
  return {
    all: () => Promise.resolve([...recordings.values()]),
    put: (recording) => Promise.resolve(void recordings.set(recording.id, recording)),
    delete: (id) => Promise.resolve(void recordings.delete(id)),
  };
}

/** IndexedDB when it works, else memory. */
function browserBackend(): OutboxBackend {
  const memory = memoryBackend();
  if (typeof indexedDB === 'undefined') return memory;
  const idb = indexedDbBackend(indexedDB);
  let chosen: Promise<OutboxBackend> | undefined;
  const backend = () =>
    (chosen ??= idb.all().then(
      () => idb,
      () => memory,
    ));
  return {
    all: async () => (await backend()).all(),
    put: async (recording) => (await backend()).put(recording),
    delete: async (id) => (await backend()).delete(id),
  };
}

export interface OutboxState {
  /** The signed-in user's takes still to be sent. */
  waiting: number;
  /** Their ids, oldest first. */
  waitingIds: string[];
  /** The signed-in user's takes the server refused, with its message. */
  refused: PendingRecording[];
  /** An upload is on its way. */
  sending: boolean;
}

export interface NewRecording {
  worksheetId: number;
  file: Blob;
  durationMs: number;
  numReRecording: number;
}

/** Retry waits: 5 s, doubling, at most 5 minutes. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 5 * 60_000;

const EMPTY: OutboxState = { waiting: 0, waitingIds: [], refused: [], sending: false };

/** A 4xx other than these is the server refusing the file itself: sending it again would not help. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 425, 429].includes(error.status);

export function createRecordingOutbox(
  backend: OutboxBackend,
  currentUserId: () => number | null = () => authStore.getState().user?.user_id ?? null,
) {
  let state = EMPTY;
  const listeners = new Set<() => void>();
  let flushing: Promise<void> | null = null;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const acknowledged = new Set<string>();

  const publish = (next: OutboxState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const mine = async () => {
    const userId = currentUserId();
    if (userId === null) return [];
    return (await backend.all().catch(() => []))
      .filter((recording) => recording.userId === userId && !acknowledged.has(recording.id))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  };

  const refresh = async (sending = state.sending) => {
    const recordings = await mine();
    const waitingIds = recordings.filter((recording) => recording.status === 'waiting').map(({ id }) => id);
    publish({
      waiting: waitingIds.length,
      waitingIds,
      refused: recordings.filter((recording) => recording.status === 'refused'),
      sending,
    });
  };

  const scheduleRetry = () => {
    clearTimeout(retryTimer);
    const wait = Math.min(RETRY_BASE_MS * 2 ** failures, RETRY_MAX_MS);
    failures += 1;
    retryTimer = setTimeout(() => void flush(), wait);
  };

  const sendOne = async (recording: PendingRecording): Promise<'sent' | 'refused' | 'later'> => {
    try {
      await api('uploadRecording', {
        params: { id: recording.worksheetId },
        body: {
          file: recording.file,
          duration_ms: recording.durationMs,
          num_re_recording: recording.numReRecording,
          // The server stores a take once: a retry after a lost answer gets the recording already kept.
          client_recording_id: recording.id,
        },
      });
    } catch (error) {
      if (!isRefusal(error)) return 'later';
      await backend.put({ ...recording, status: 'refused', message: error.message });
      return 'refused';
    }
    // Acknowledged: never sent again, even if removing it from storage fails.
    acknowledged.add(recording.id);
    await backend.delete(recording.id).catch(() => undefined);
    void api('logRecordingActivity', {
      body: { worksheet_id: recording.worksheetId, num_re_recording: recording.numReRecording },
    }).catch(() => undefined);
    return 'sent';
  };

  const flushOnce = async () => {
    const waiting = (await mine()).filter((recording) => recording.status === 'waiting');
    if (waiting.length === 0) return refresh(false);
    await refresh(true);
    for (const recording of waiting) {
      const outcome = await sendOne(recording);
      if (outcome === 'later') {
        await refresh(false);
        scheduleRetry();
        return;
      }
      await refresh(true);
    }
    failures = 0;
    clearTimeout(retryTimer);
    await refresh(false);
  };

  /** Sends every waiting take of the signed-in user, one at a time; a call during a run runs once more after it. */
  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        again = false;
        await flushOnce();
      } while (again);
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    /** Keeps the take first, then tries to send it. Resolves once it is safely stored. */
    async add(recording: NewRecording): Promise<string> {
      const userId = currentUserId();
      if (userId === null) throw new Error('Sign in to send a recording.');
      const id = takeId();
      await backend.put({
        id,
        userId,
        ...recording,
        createdAt: new Date().toISOString(),
        status: 'waiting',
        message: null,
      });
      await refresh();
      void flush();
      return id;
    },
    /** Removes a refused take the child chose to discard (or record again). */
    async discard(id: string): Promise<void> {
      await backend.delete(id);
      await refresh();
    },
    /** "Try now": sends at once, whatever the backoff says. */
    retryNow(): Promise<void> {
      failures = 0;
      clearTimeout(retryTimer);
      return flush();
    },
    refresh: () => refresh(),
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Stops the retry timer, as closing the tab does; the takes stay stored. */
    stop() {
      clearTimeout(retryTimer);
    },
    /** Stops the retry timer and forgets every take of every user (tests; a browser's data being cleared). */
    async clear(): Promise<void> {
      clearTimeout(retryTimer);
      failures = 0;
      await Promise.all((await backend.all()).map(({ id }) => backend.delete(id)));
      acknowledged.clear();
      await refresh(false);
    },
  };
}

/** A random UUID (v4), also where `crypto.randomUUID` is missing (pages not served over HTTPS). */
function takeId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type RecordingOutbox = ReturnType<typeof createRecordingOutbox>;

export const recordingOutbox = createRecordingOutbox(browserBackend());

let started = false;

/**
 * Sends waiting takes now, whenever the browser comes back online, and whenever a user signs in. Call once at app
 * start; calling again only sends again.
 */
export function startRecordingOutbox(outbox: RecordingOutbox = recordingOutbox): void {
  void outbox.retryNow();
  if (started || outbox !== recordingOutbox) return;
  started = true;
  window.addEventListener('online', () => void outbox.retryNow());
  let userId = authStore.getState().user?.user_id ?? null;
  authStore.subscribe(() => {
    const next = authStore.getState().user?.user_id ?? null;
    if (next === userId) return;
    userId = next;
    void outbox.retryNow();
  });
}

/** The signed-in user's outbox, for a component. */
export function useRecordingOutbox(outbox: RecordingOutbox = recordingOutbox): OutboxState {
  return useSyncExternalStore(outbox.subscribe, outbox.getState);
}

/**
 * Where sign-in state and other per-user data survive a reload: IndexedDB, else localStorage, else sessionStorage
 * (docs/rules.md C4), else memory. Each store is probed before use, because private browsing modes either lack
 * IndexedDB, throw when it is opened, or refuse every write to Web Storage.
 */
import { SIGN_IN_PERSISTENCE_ORDER } from '@readalong/contracts';

export type StoreKind = (typeof SIGN_IN_PERSISTENCE_ORDER)[number] | 'memory';

/** Asynchronous JSON key–value storage. */
export interface Persistence {
  /** The stored value, or null when there is none (or it cannot be read). */
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  /** Which store won the probe. */
  kind(): Promise<StoreKind>;
}

/** The browser facilities to choose from; getters, because touching `window.localStorage` itself can throw. */
export interface StorageEnvironment {
  indexedDB(): IDBFactory | undefined;
  localStorage(): Storage;
  sessionStorage(): Storage;
}

interface Store {
  kind: StoreKind;
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Writes, reads back and removes `value` in one go, where the store can do it more cheaply than in three. */
  roundTrip?(key: string, value: string): Promise<string | null>;
}

const DATABASE_NAME = 'readalong';
const OBJECT_STORE = 'key-value';
const PROBE_KEY = 'readalong.probe';
/** Some browsers leave `indexedDB.open` pending forever when storage is blocked; do not wait for them. */
const INDEXED_DB_OPEN_TIMEOUT_MS = 2000;

export const browserEnvironment: StorageEnvironment = {
  indexedDB: () => (typeof indexedDB === 'undefined' ? undefined : indexedDB),
  localStorage: () => window.localStorage,
  sessionStorage: () => window.sessionStorage,
};

/**
 * Storage that picks, on first use, the first store of docs/rules.md C4's order that can write and read back a value.
 * Values are kept as JSON text in every store, so they read back alike whichever store won.
 */
export function createPersistence(environment: StorageEnvironment = browserEnvironment): Persistence {
  let chosen: Promise<Store> | undefined;
  const store = () => (chosen ??= chooseStore(environment));

  return {
    get: async (key) => {
      const text = await (await store()).get(key);
      if (text === null) return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // Written by something else, or cut short: as good as nothing stored.
        return null;
      }
    },
    set: async (key, value) => (await store()).set(key, JSON.stringify(value)),
    remove: async (key) => (await store()).remove(key),
    kind: async () => (await store()).kind,
  };
}

async function chooseStore(environment: StorageEnvironment): Promise<Store> {
  const candidates: Record<StoreKind, () => Promise<Store>> = {
    indexedDB: () => openIndexedDbStore(environment.indexedDB()),
    localStorage: () => Promise.resolve(webStorageStore('localStorage', environment.localStorage())),
    sessionStorage: () => Promise.resolve(webStorageStore('sessionStorage', environment.sessionStorage())),
    memory: () => Promise.resolve(memoryStore()),
  };
  for (const kind of SIGN_IN_PERSISTENCE_ORDER) {
    try {
      const store = await candidates[kind]();
      if (await worksRoundTrip(store)) return store;
    } catch {
      // Unavailable here: try the next one.
    }
  }
  // Nothing survives a reload, but the current page still works.
  return memoryStore();
}

/** Writes, reads back and removes a value: the only proof that a store really stores. */
async function worksRoundTrip(store: Store): Promise<boolean> {
  const marker = String(Math.random());
  if (store.roundTrip) return (await store.roundTrip(PROBE_KEY, marker)) === marker;
  await store.set(PROBE_KEY, marker);
  const readBack = await store.get(PROBE_KEY);
  await store.remove(PROBE_KEY);
  return readBack === marker;
}

function webStorageStore(kind: 'localStorage' | 'sessionStorage', storage: Storage): Store {
  return {
    kind,
    get: (key) => Promise.resolve(storage.getItem(key)),
    set: (key, value) => Promise.resolve(storage.setItem(key, value)),
    remove: (key) => Promise.resolve(storage.removeItem(key)),
  };
}

function memoryStore(): Store {
  const values = new Map<string, string>();
  return {
    kind: 'memory',
    get: (key) => Promise.resolve(values.get(key) ?? null),
    set: (key, value) => Promise.resolve(void values.set(key, value)),
    remove: (key) => Promise.resolve(void values.delete(key)),
  };
}

async function openIndexedDbStore(factory: IDBFactory | undefined): Promise<Store> {
  if (!factory) throw new Error('IndexedDB is not available');
  const database = await withTimeout(openDatabase(factory), INDEXED_DB_OPEN_TIMEOUT_MS);
  // Another tab upgrading the database must not be blocked by this one.
  database.onversionchange = () => database.close();

  const run = <T>(mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(OBJECT_STORE, mode);
      const request = operate(transaction.objectStore(OBJECT_STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });

  return {
    kind: 'indexedDB',
    get: async (key) => {
      const value = await run<unknown>('readonly', (store) => store.get(key));
      return typeof value === 'string' ? value : null;
    },
    set: async (key, value) => void (await run('readwrite', (store) => store.put(value, key))),
    remove: async (key) => void (await run('readwrite', (store) => store.delete(key))),
    // One transaction, not three: the stored session is read, and the session check sent, only after the probe;
    // on a busy main thread each transaction's callbacks wait behind the page's scripts (docs/rules.md B5).
    roundTrip: async (key, value) => {
      const readBack = await run<unknown>('readwrite', (store) => {
        store.put(value, key);
        const read = store.get(key);
        store.delete(key);
        return read;
      });
      return typeof readBack === 'string' ? readBack : null;
    },
  };
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(OBJECT_STORE))
        request.result.createObjectStore(OBJECT_STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No answer within ${milliseconds} ms`)), milliseconds);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The app's one persistence. */
export const persistence = createPersistence();

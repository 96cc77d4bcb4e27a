import { describe, expect, it } from 'vitest';
import { createFailingIndexedDb, createFakeIndexedDb } from '@/test/fake-indexed-db';
import { browserEnvironment, createPersistence, type StorageEnvironment } from './persistence';

/** Web Storage as Safari's old private mode has it: reads work, every write throws. */
function refusingStorage(): Storage {
  const storage = {
    length: 0,
    clear: () => undefined,
    key: () => null,
    getItem: () => null,
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
    removeItem: () => undefined,
  };
  return storage satisfies Storage;
}

const environment = (overrides: Partial<StorageEnvironment>): StorageEnvironment => ({
  ...browserEnvironment,
  ...overrides,
});

describe('persistence', () => {
  it('uses IndexedDB when it works, and leaves Web Storage alone', async () => {
    const fake = createFakeIndexedDb();
    const persistence = createPersistence(environment({ indexedDB: () => fake.factory }));

    await persistence.set('greeting', { text: 'hello', count: 2 });

    expect(await persistence.kind()).toBe('indexedDB');
    expect(await persistence.get('greeting')).toEqual({ text: 'hello', count: 2 });
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps values in IndexedDB across page loads', async () => {
    const fake = createFakeIndexedDb();
    await createPersistence(environment({ indexedDB: () => fake.factory })).set('user', { id: 7 });

    const nextPageLoad = createPersistence(environment({ indexedDB: () => fake.factory }));

    expect(await nextPageLoad.get('user')).toEqual({ id: 7 });
  });

  it('falls back to localStorage where IndexedDB is missing (as in jsdom)', async () => {
    const persistence = createPersistence();

    await persistence.set('user', { id: 7 });

    expect(await persistence.kind()).toBe('localStorage');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({ id: 7 });
  });

  it('falls back to localStorage where opening IndexedDB fails (private mode)', async () => {
    const persistence = createPersistence(environment({ indexedDB: createFailingIndexedDb }));

    expect(await persistence.kind()).toBe('localStorage');
  });

  it('falls back to localStorage where touching IndexedDB throws', async () => {
    const persistence = createPersistence(
      environment({
        indexedDB: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      }),
    );

    expect(await persistence.kind()).toBe('localStorage');
  });

  it('falls back to sessionStorage where localStorage refuses writes', async () => {
    const persistence = createPersistence(environment({ localStorage: refusingStorage }));

    await persistence.set('user', { id: 7 });

    expect(await persistence.kind()).toBe('sessionStorage');
    expect(JSON.parse(window.sessionStorage.getItem('user') ?? 'null')).toEqual({ id: 7 });
  });

  it('keeps values for this page only when no browser store works', async () => {
    const persistence = createPersistence(
      environment({ localStorage: refusingStorage, sessionStorage: refusingStorage }),
    );

    await persistence.set('user', { id: 7 });

    expect(await persistence.kind()).toBe('memory');
    expect(await persistence.get('user')).toEqual({ id: 7 });
  });

  it('removes values and reads missing or unreadable ones as null', async () => {
    const persistence = createPersistence();
    await persistence.set('user', { id: 7 });
    window.localStorage.setItem('broken', '{not json');

    await persistence.remove('user');

    expect(await persistence.get('user')).toBeNull();
    expect(await persistence.get('broken')).toBeNull();
    expect(await persistence.get('never-stored')).toBeNull();
  });
});

/**
 * The signed-in user (SPEC.md §3 "User (session)"), kept in memory for the API client and the route guards and
 * persisted so a reload keeps the user signed in.
 */
import { SessionUser } from '@readalong/contracts';

/**
 * Where the session survives a reload. Asynchronous because SPEC.md §9 orders IndexedDB first; for now
 * localStorage is the only store.
 */
export interface SessionPersistence {
  load(): Promise<unknown>;
  save(user: SessionUser): Promise<void>;
  clear(): Promise<void>;
}

const STORAGE_KEY = 'readalong.session';

export const localStoragePersistence: SessionPersistence = {
  load: () => {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return Promise.resolve(stored === null ? null : (JSON.parse(stored) as unknown));
  },
  save: (user) => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    return Promise.resolve();
  },
  clear: () => {
    window.localStorage.removeItem(STORAGE_KEY);
    return Promise.resolve();
  },
};

export interface Session {
  /** The signed-in user, read from persistence once per page load; null when signed out. */
  restore(): Promise<SessionUser | null>;
  start(user: SessionUser): Promise<void>;
  end(): Promise<void>;
}

export function createSession(persistence: SessionPersistence): Session {
  let current: Promise<SessionUser | null> | undefined;

  // Stored data may come from an older version of the app or be tampered with: anything that is not a valid
  // SessionUser counts as signed out.
  const readStored = async () => {
    try {
      const parsed = SessionUser.safeParse(await persistence.load());
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  return {
    restore: () => (current ??= readStored()),
    start: async (user) => {
      current = Promise.resolve(user);
      await persistence.save(user);
    },
    end: async () => {
      current = Promise.resolve(null);
      await persistence.clear();
    },
  };
}

export const session = createSession(localStoragePersistence);

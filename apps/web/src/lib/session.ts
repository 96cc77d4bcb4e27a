/**
 * The signed-in user (docs/rules.md C4) and what this browser remembers about the sign-in session,
 * kept in memory for synchronous reads and persisted (lib/persistence) so a reload keeps the user signed in.
 * lib/auth-store builds sign-in, refresh and logout on top of it; screens use the auth store, not this.
 */
import type { SessionUser } from '@readalong/contracts';
import { persistence as defaultPersistence, type Persistence } from './persistence';
import { readStored, writeStored } from './stored-data';
import type { StoredSession } from './stored-schemas';

export type { StoredSession };

export const SESSION_KEY = 'readalong.session';
const CHANGED = 'changed';

export interface Session {
  /** Reads the persisted session once per page load; later calls answer from memory. */
  load(): Promise<StoredSession | null>;
  /** The session as last loaded or written; null before `load()` settles and while signed out. */
  current(): StoredSession | null;
  /** The signed-in user, loading first if needed; null when signed out. */
  restore(): Promise<SessionUser | null>;
  /** Begins a new sign-in session for `user`. */
  start(user: SessionUser): Promise<void>;
  /** Changes the current session; does nothing while signed out, so a late write cannot revive a session. */
  update(change: (stored: StoredSession) => StoredSession): Promise<void>;
  end(): Promise<void>;
  /** Called after every change of `current()`, including changes made in another tab. */
  subscribe(listener: () => void): () => void;
}

export interface SessionOptions {
  persistence?: Persistence;
  /**
   * Tabs of the app share one stored session and tell each other about changes on this channel. Without it a
   * tab would keep a refresh token another tab has already spent, and refresh tokens are single use: sending a
   * spent one ends the session everywhere.
   */
  channelName?: string;
}

/** A session kept in `persistence` under SESSION_KEY and shared with the app's other tabs. */
export function createSession({
  persistence = defaultPersistence,
  channelName = SESSION_KEY,
}: SessionOptions = {}): Session {
  let current: StoredSession | null = null;
  let loaded: Promise<void> | undefined;
  // Counts changes that replace what a read in progress would bring back, so that read is dropped.
  let generation = 0;
  // Writes go one after another, so the store always ends with the last change made in memory.
  let writes: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);

  const adopt = (stored: StoredSession | null) => {
    generation += 1;
    loaded = Promise.resolve();
    current = stored;
    listeners.forEach((listener) => listener());
  };

  const write = (stored: StoredSession | null) => {
    adopt(stored);
    const persist = async () => {
      await (stored
        ? writeStored(persistence, SESSION_KEY, 'StoredSession', stored)
        : persistence.remove(SESSION_KEY));
      channel?.postMessage(CHANGED);
    };
    writes = writes.then(persist, persist);
    return writes;
  };

  /** Takes what storage holds, unless a change made here since the read began is newer. */
  const readStored = async ({ onlyIfDifferent = false } = {}) => {
    const startedAt = generation;
    const stored = await readStoredSession(persistence);
    if (startedAt !== generation) return;
    if (onlyIfDifferent && JSON.stringify(stored) === JSON.stringify(current)) return;
    adopt(stored);
  };

  // The message only says "look again": storage, not the message, is the truth, so a tab that does not share
  // this storage cannot change the session here.
  if (channel) channel.onmessage = () => void readStored({ onlyIfDifferent: true });

  const session: Session = {
    load: async () => {
      await (loaded ??= readStored());
      return current;
    },
    current: () => current,
    restore: async () => (await session.load())?.user ?? null,
    start: (user) =>
      write({
        user,
        signed_in_at: new Date().toISOString(),
        is_start_recorded: false,
        last_activity_at: null,
      }),
    update: async (change) => {
      await session.load();
      if (current) await write(change(current));
    },
    end: () => write(null),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return session;
}

/**
 * Stored data may come from an older version of the app or be something else: anything not stored in today's
 * shape of a session counts as signed out (lib/stored-data).
 */
async function readStoredSession(persistence: Persistence): Promise<StoredSession | null> {
  try {
    return await readStored(persistence, SESSION_KEY, 'StoredSession');
  } catch {
    return null;
  }
}

/** The app's one session. */
export const session = createSession();

import shapes from 'virtual:stored-shapes';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/factories';
import { createPersistence, type Persistence } from './persistence';
import { SESSION_KEY, createSession, session } from './session';

let channelCount = 0;
/** Each test's sessions talk on a channel of their own, away from the app's. */
const uniqueChannel = () => `session-test-${++channelCount}`;

const storing = (stored: unknown): Persistence => ({
  get: () => Promise.resolve(stored),
  set: () => Promise.resolve(),
  remove: () => Promise.resolve(),
  kind: () => Promise.resolve('memory'),
});

describe('session', () => {
  it('restores a stored session', async () => {
    const user = buildSessionUser();
    const stored = {
      user,
      signed_in_at: '2030-01-01T00:00:00.000Z',
      is_start_recorded: true,
      last_activity_at: null,
    };

    const restore = (shape: string) =>
      createSession({
        persistence: storing({ shape, value: stored }),
        channelName: uniqueChannel(),
      }).restore();

    expect(await restore(shapes.StoredSession)).toEqual(user);
    // B15: a session an older version of the app stored in another shape counts as signed out.
    expect(await restore('another shape')).toBeNull();
  });

  it('counts stored data that is not a session as signed out', async () => {
    for (const stored of [{ user_id: 'seven' }, buildSessionUser(), 'a session']) {
      const loaded = createSession({ persistence: storing(stored), channelName: uniqueChannel() });
      expect(await loaded.restore()).toBeNull();
    }
  });

  it('counts unreadable storage as signed out', async () => {
    const broken: Persistence = { ...storing(null), get: () => Promise.reject(new Error('storage is gone')) };

    expect(await createSession({ persistence: broken, channelName: uniqueChannel() }).restore()).toBeNull();
  });

  it('keeps the user in the browser across page loads', async () => {
    const user = buildSessionUser();

    await session.start(user);
    const nextPageLoad = createSession({ persistence: createPersistence(), channelName: uniqueChannel() });

    expect(await nextPageLoad.restore()).toEqual(user);
    expect(nextPageLoad.current()).toMatchObject({ is_start_recorded: false, last_activity_at: null });
  });

  it('forgets the user on sign-out, in memory and in storage', async () => {
    await session.start(buildSessionUser());

    await session.end();

    expect(session.current()).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('does not revive a session with a change that arrives after sign-out', async () => {
    await session.start(buildSessionUser());
    await session.end();

    await session.update((stored) => ({ ...stored, last_activity_at: '2030-01-01T00:00:00.000Z' }));

    expect(session.current()).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('shares sign-in, new tokens and sign-out with the app’s other tabs', async () => {
    const persistence = createPersistence();
    const channelName = uniqueChannel();
    const thisTab = createSession({ persistence, channelName });
    const otherTab = createSession({ persistence, channelName });

    await thisTab.start(buildSessionUser({ refresh_token: 'first' }));
    await expect.poll(() => otherTab.current()?.user.refresh_token).toBe('first');

    await thisTab.update((stored) => ({ ...stored, user: { ...stored.user, refresh_token: 'second' } }));
    await expect.poll(() => otherTab.current()?.user.refresh_token).toBe('second');

    await thisTab.end();
    await expect.poll(() => otherTab.current()).toBeNull();
  });

  it('tells subscribers about every change', async () => {
    const changes: (number | null)[] = [];
    const unsubscribe = session.subscribe(() => changes.push(session.current()?.user.user_id ?? null));

    await session.start(buildSessionUser({ user_id: 3 }));
    await session.end();
    unsubscribe();
    await session.start(buildSessionUser({ user_id: 4 }));

    expect(changes).toEqual([3, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/factories';
import { createSession, localStoragePersistence, session, type SessionPersistence } from './session';

const storing = (stored: unknown): SessionPersistence => ({
  load: () => Promise.resolve(stored),
  save: () => Promise.resolve(),
  clear: () => Promise.resolve(),
});

describe('session', () => {
  it('restores a stored user', async () => {
    const user = buildSessionUser();

    expect(await createSession(storing(user)).restore()).toEqual(user);
  });

  it('counts stored data that is not a user as signed out', async () => {
    expect(await createSession(storing({ user_id: 'seven' })).restore()).toBeNull();
  });

  it('counts unreadable storage as signed out', async () => {
    const broken: SessionPersistence = {
      ...storing(null),
      load: () => Promise.reject(new SyntaxError('bad JSON')),
    };

    expect(await createSession(broken).restore()).toBeNull();
  });

  it('keeps the user in localStorage across page loads', async () => {
    const user = buildSessionUser();

    await session.start(user);

    expect(await createSession(localStoragePersistence).restore()).toEqual(user);
  });
});

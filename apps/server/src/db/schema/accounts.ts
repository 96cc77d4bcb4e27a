/** Sessions, sign-in protection, password resets, contact messages and the audit log. */
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.js';
import { districts, schools, users } from './tenancy.js';

/** A sign-in session: the family its refresh tokens belong to. Revoking it ends every token of it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: at(),
    lastSeenAt: at(),
    revokedAt: at(),
    revokedReason: text({ enum: ['logout', 'refresh_reuse', 'password_changed', 'disabled'] }),
    userAgent: text(),
    address: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes only. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tokenHash), index().on(t.sessionId)],
);

/** Password-reset keys, stored as SHA-256 hashes; single use, short-lived. */
export const passwordResetKeys = pgTable(
  'password_reset_keys',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text().notNull(),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.keyHash)],
);

/**
 * Sign-in attempts not (yet) followed by a success, counted per username and address, and per username from any
 * address (`address` = '*'). One row per key, counted and locked in one upsert (S7, S14); a success deletes it.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    username: text().notNull(),
    address: text().notNull(),
    failures: integer().notNull(),
    windowStart: at().notNull(),
    lockedUntil: at(),
  },
  (t) => [primaryKey({ columns: [t.username, t.address] })],
);

/** Requests per route and address in the current window, shared by every server (S15, `http/rate-limit.ts`). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowStart: at().notNull(),
  },
  (t) => [index().on(t.windowStart)],
);

/** A lock placed by staff (`PUT /lock`): the username cannot sign in from any address until it ends. */
export const accountLocks = pgTable('account_locks', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lockedUntil: at().notNull(),
  lockedBy: integer().references(() => users.id),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  email: text().notNull(),
  account: text(),
  message: text().notNull(),
  attachmentKey: text(),
  createdAt: createdAt(),
});

/** Who did what to whom: staff actions and security events, never passwords or tokens. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    districtId: integer().references(() => districts.id),
    schoolId: integer().references(() => schools.id),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.schoolId, t.createdAt), index().on(t.districtId, t.createdAt)],
);
